// Rules, reports, account actions with strikes, and appeals, over gRPC with the real accounts and statuses beside moderation.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { AdminAccountsServiceClient } from "@starling/proto/accounts/v1/admin_accounts";
import { AccountActionsServiceClient, StrikesServiceClient } from "@starling/proto/moderation/v1/account_actions";
import { AuditLogServiceClient } from "@starling/proto/moderation/v1/audit_log";
import { ReportsServiceClient } from "@starling/proto/moderation/v1/reports";
import { RulesServiceClient } from "@starling/proto/moderation/v1/rules";
import { WarningPresetsServiceClient } from "@starling/proto/moderation/v1/warning_presets";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, startModerationHarness, type ModerationHarness } from "./support/moderation-harness.ts";
import { startPeers, type Peers } from "./support/peers.ts";

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;
const DAY_MS = 24 * 60 * 60_000;

for (const backend of backends) {
  describe(`reports, account actions and appeals on ${backend.name}`, function () {
    this.timeout(60_000);
    let service: ModerationHarness;
    let peers: Peers;
    let rules: AsyncClient<RulesServiceClient>;
    let reports: AsyncClient<ReportsServiceClient>;
    let actions: AsyncClient<AccountActionsServiceClient>;
    let strikes: AsyncClient<StrikesServiceClient>;
    let auditLog: AsyncClient<AuditLogServiceClient>;
    let adminAccounts: AsyncClient<AdminAccountsServiceClient>;
    let presets: AsyncClient<WarningPresetsServiceClient>;
    let clockOffsetMs = 0;
    const ids = { owner: "", admin: "", moderator: "", ana: "", ben: "", cleo: "" };
    before(async function () {
      this.timeout(180_000);
      service = await startModerationHarness(backend.url, {
        now: () => new Date(Date.now() + clockOffsetMs),
        before: async (infra, context) => {
          peers = await startPeers(infra, context);
          return peers.env;
        },
      });
      const connect = <C>(client: new (...args: any[]) => C) => connectService(client as any, service.address, { deadlineMs: 10_000 }) as AsyncClient<C>;
      rules = connect(RulesServiceClient);
      reports = connect(ReportsServiceClient);
      actions = connect(AccountActionsServiceClient);
      strikes = connect(StrikesServiceClient);
      auditLog = connect(AuditLogServiceClient);
      presets = connect(WarningPresetsServiceClient);
      adminAccounts = connectService(AdminAccountsServiceClient, peers.env.ACCOUNTS_GRPC_URL!, { deadlineMs: 10_000 });
      ids.owner = await peers.createAccount("owner", "Owner");
      ids.admin = await peers.createAccount("admin", "Admin");
      ids.moderator = await peers.createAccount("mod", "Moderator");
      ids.ana = await peers.createAccount("ana");
      ids.ben = await peers.createAccount("ben");
      ids.cleo = await peers.createAccount("cleo");
    });
    after(async () => {
      for (const client of [rules, reports, actions, strikes, auditLog, adminAccounts, presets]) client?.close();
      await service?.stop();
    });

    const as = (accountId: string, role = "") => service.as({ accountId, role });
    const admin = () => as(ids.admin, "Admin");
    const moderator = () => as(ids.moderator, "Moderator");
    const events = (type: string) => service.events.filter((e) => e.type === type);

    it("keeps rules by priority with ties in creation order, managed only by roles with manage_rules", async () => {
      const second = await rules.createRule({ text: "  Be kind  ", hint: "No harassment", priority: 1 }, await admin());
      const first = await rules.createRule({ text: "No spam", priority: 0 }, await admin());
      const tie = await rules.createRule({ text: "No bots without a flag", priority: 1 }, await admin());
      assert.equal(second.text, "Be kind");
      assert.deepEqual((await rules.listRules({ ids: [] })).rules.map((r) => r.id), [first.id, second.id, tie.id]);
      await assert.rejects(rules.createRule({ text: "Mine" }, await moderator()), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(rules.createRule({ text: "   " }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(rules.createRule({ text: "x".repeat(301) }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      const changed = await rules.updateRule({ id: tie.id, text: "No unflagged bots", priority: 5 }, await admin());
      assert.equal(changed.text, "No unflagged bots");
      await rules.deleteRule({ id: tie.id }, await admin());
      assert.deepEqual((await rules.listRules({ ids: [] })).rules.map((r) => r.text), ["No spam", "Be kind"]);
      await assert.rejects(rules.deleteRule({ id: tie.id }, await admin()), grpcCode(GrpcStatus.NOT_FOUND));
      const logged = (await auditLog.listAuditLog({ targetType: "Rule", targetId: tie.id }, await admin())).entries.map((e) => e.action);
      assert.deepEqual(logged, ["rule.destroy", "rule.update", "rule.create"]);
    });

    it("files a report with its category, rules and statuses, and tells the staff who manage reports", async () => {
      const [rule] = (await rules.listRules({ ids: [] })).rules;
      const post = await peers.post(ids.ben, "something against the rules");
      const report = await reports.createReport({ targetAccountId: ids.ben, statusIds: [post], comment: "please look", forward: false, category: "violation", ruleIds: [rule!.id] }, await as(ids.ana));
      assert.equal(report.category, "violation");
      assert.deepEqual(report.ruleIds, [rule!.id]);
      assert.deepEqual(report.statusIds, [post]);
      assert.equal(report.accountId, ids.ana);
      assert.equal(report.actionTakenAt, undefined);
      await waitFor(() => events("report.created").some((e) => e.key === report.id), { timeoutMs: 10_000, what: "report.created" });
      const created = decodePayload("report.created", events("report.created").find((e) => e.key === report.id)!);
      assert.deepEqual([...created.staffAccountIds].sort(), [ids.owner, ids.admin, ids.moderator].sort());
      assert.equal(created.targetAccountId, ids.ben);

      const plain = await reports.createReport({ targetAccountId: ids.ben, statusIds: [], comment: "", forward: false, ruleIds: [] }, await as(ids.cleo));
      assert.equal(plain.category, "other");
    });

    it("refuses a rule that does not exist, an unknown category, another account's status and an unknown target", async () => {
      const anas = await peers.post(ids.ana, "my own words");
      const base = { targetAccountId: ids.ben, statusIds: [] as string[], comment: "", forward: false, ruleIds: [] as string[] };
      await assert.rejects(reports.createReport({ ...base, category: "violation", ruleIds: ["999999"] }, await as(ids.cleo)), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(reports.createReport({ ...base, category: "rude" }, await as(ids.cleo)), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(reports.createReport({ ...base, statusIds: [anas] }, await as(ids.cleo)), grpcCode(GrpcStatus.NOT_FOUND));
      await assert.rejects(reports.createReport({ ...base, targetAccountId: "123456789" }, await as(ids.cleo)), grpcCode(GrpcStatus.NOT_FOUND));
      await assert.rejects(reports.createReport({ ...base, comment: "x".repeat(1001) }, await as(ids.cleo)), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(reports.listReports({ ids: [] }, await as(ids.ana)), grpcCode(GrpcStatus.PERMISSION_DENIED));
    });

    it("lets staff assign, resolve, reopen and recategorise reports, filtering and logging each step", async () => {
      const open = (await reports.listReports({ targetAccountId: ids.ben, ids: [] }, await moderator())).reports;
      assert.equal(open.length, 2);
      const report = open.find((r) => r.accountId === ids.cleo)!;
      assert.equal((await reports.assignReport({ id: report.id, toSelf: true }, await moderator())).assignedAccountId, ids.moderator);
      assert.equal((await reports.assignReport({ id: report.id, toSelf: false }, await moderator())).assignedAccountId, undefined);
      const updated = await reports.updateReport({ id: report.id, category: "spam", ruleIds: [], setRuleIds: false }, await moderator());
      assert.equal(updated.category, "spam");
      await assert.rejects(reports.updateReport({ id: report.id, ruleIds: ["999999"], setRuleIds: true }, await moderator()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      const resolved = await reports.resolveReport({ id: report.id }, await moderator());
      assert.equal(resolved.actionTakenByAccountId, ids.moderator);
      assert.ok(resolved.actionTakenAt);
      assert.deepEqual((await reports.listReports({ resolved: true, accountId: ids.cleo, ids: [] }, await moderator())).reports.map((r) => r.id), [report.id]);
      assert.deepEqual((await reports.listReports({ targetAccountId: ids.ben, ids: [] }, await moderator())).reports.length, 1);
      assert.equal((await reports.reopenReport({ id: report.id }, await moderator())).actionTakenAt, undefined);
      const logged = (await auditLog.listAuditLog({ targetType: "Report", targetId: report.id }, await moderator())).entries.map((e) => e.action);
      assert.deepEqual(logged, ["report.reopen", "report.resolve", "report.update", "report.unassigned", "report.assigned_to_self"]);
    });

    it("suspends from a report: accounts suspends, the report is resolved, and a strike tells the user", async () => {
      const report = (await reports.listReports({ accountId: ids.ana, ids: [] }, await admin())).reports[0]!;
      await actions.takeAccountAction({ accountId: ids.ben, type: "suspend", reportId: report.id, text: "Repeated violations" }, await admin());
      const [ben] = (await peers.accounts.getAccounts({ ids: [ids.ben] })).accounts;
      assert.equal(ben!.suspended, true);
      const after = await reports.getReport({ id: report.id }, await admin());
      assert.equal(after.actionTakenByAccountId, ids.admin);
      const [strike] = (await strikes.listStrikes({}, await as(ids.ben))).strikes;
      assert.equal(strike!.action, "suspend");
      assert.equal(strike!.reportId, report.id);
      assert.deepEqual(strike!.statusIds, report.statusIds);
      assert.equal(strike!.appealDeadline!.getTime() - strike!.createdAt!.getTime(), 20 * DAY_MS);
      await waitFor(() => events("strike.created").some((e) => e.key === strike!.id), { timeoutMs: 10_000, what: "strike.created" });
      assert.equal(decodePayload("strike.created", events("strike.created").find((e) => e.key === strike!.id)!).sendEmail, true);
      const logged = (await auditLog.listAuditLog({ targetType: "Account", targetId: ids.ben }, await admin())).entries.map((e) => e.action);
      assert.deepEqual(logged, ["account.suspend"]);
      await assert.rejects(actions.takeAccountAction({ accountId: ids.admin, type: "suspend", text: "" }, await moderator()), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(actions.takeAccountAction({ accountId: ids.cleo, type: "ban", text: "" }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
    });

    it("takes one appeal per strike within 20 days; an approved appeal lifts the suspension", async () => {
      const [strike] = (await strikes.listStrikes({}, await as(ids.ben))).strikes;
      await assert.rejects(strikes.appealStrike({ strikeId: strike!.id, text: "Not mine" }, await as(ids.cleo)), grpcCode(GrpcStatus.NOT_FOUND));
      const appeal = await strikes.appealStrike({ strikeId: strike!.id, text: "I was quoting someone" }, await as(ids.ben));
      assert.equal(appeal.state, "pending");
      await assert.rejects(strikes.appealStrike({ strikeId: strike!.id, text: "Again" }, await as(ids.ben)), grpcCode(GrpcStatus.FAILED_PRECONDITION));
      // Staff who manage appeals hear of it (accounts e-mails them), once: the refused second appeal announces nothing.
      await waitFor(() => events("appeal.created").some((e) => e.key === appeal.id), { timeoutMs: 10_000, what: "appeal.created" });
      assert.deepEqual(decodePayload("appeal.created", events("appeal.created").find((e) => e.key === appeal.id)!), { appealId: appeal.id, strikeId: strike!.id, accountId: ids.ben, text: "I was quoting someone" });
      assert.equal(new Set(events("appeal.created").filter((e) => decodePayload("appeal.created", e).strikeId === strike!.id).map((e) => e.id)).size, 1);
      assert.deepEqual((await strikes.listAppeals({}, await admin())).appeals.map((a) => a.id), [appeal.id]);
      await assert.rejects(strikes.approveAppeal({ id: appeal.id }, await moderator()), grpcCode(GrpcStatus.PERMISSION_DENIED));
      const approved = await strikes.approveAppeal({ id: appeal.id }, await admin());
      assert.equal(approved.state, "approved");
      assert.equal((await peers.accounts.getAccounts({ ids: [ids.ben] })).accounts[0]!.suspended, false);
      const overruled = await strikes.getStrike({ id: strike!.id }, await as(ids.ben));
      assert.ok(overruled.overruledAt);
      assert.equal(overruled.appeal?.state, "approved");
      await assert.rejects(strikes.rejectAppeal({ id: appeal.id }, await admin()), grpcCode(GrpcStatus.FAILED_PRECONDITION));
      await waitFor(() => events("appeal.resolved").some((e) => e.key === appeal.id), { timeoutMs: 10_000, what: "appeal.resolved" });
    });

    it("refuses an appeal after 20 days, and a rejected appeal leaves the action in force", async () => {
      const { strike } = await actions.takeAccountAction({ accountId: ids.cleo, type: "silence", text: "Too loud", sendEmailNotification: false }, await admin());
      let [cleo] = (await adminAccounts.getAdminAccounts({ ids: [ids.cleo] }, await admin())).accounts;
      assert.equal(cleo!.silenced, true);
      clockOffsetMs = 21 * DAY_MS;
      try {
        await assert.rejects(strikes.appealStrike({ strikeId: strike!.id, text: "Late" }, await as(ids.cleo)), grpcCode(GrpcStatus.FAILED_PRECONDITION));
      } finally {
        clockOffsetMs = 0;
      }
      const { strike: warning } = await actions.takeAccountAction({ accountId: ids.cleo, type: "sensitive", text: "Mark your media" }, await admin());
      const appeal = await strikes.appealStrike({ strikeId: warning!.id, text: "It was art" }, await as(ids.cleo));
      assert.equal((await strikes.rejectAppeal({ id: appeal.id }, await admin())).state, "rejected");
      [cleo] = (await adminAccounts.getAdminAccounts({ ids: [ids.cleo] }, await admin())).accounts;
      assert.equal(cleo!.sensitized, true);
      assert.equal((await strikes.getStrike({ id: warning!.id }, await as(ids.cleo))).overruledAt, undefined);
      await actions.liftAccountAction({ accountId: ids.cleo, type: "unsilence" }, await admin());
      await actions.liftAccountAction({ accountId: ids.cleo, type: "unsensitive" }, await admin());
      [cleo] = (await adminAccounts.getAdminAccounts({ ids: [ids.cleo] }, await admin())).accounts;
      assert.deepEqual([cleo!.silenced, cleo!.sensitized], [false, false]);
    });

    it("disables a user's sign-in and enables it again", async () => {
      await actions.takeAccountAction({ accountId: ids.ana, type: "disable", text: "" }, await moderator());
      let [ana] = (await adminAccounts.getAdminAccounts({ ids: [ids.ana] }, await moderator())).accounts;
      assert.equal(ana!.disabled, true);
      assert.equal(ana!.email, "ana@example.test");
      await actions.liftAccountAction({ accountId: ids.ana, type: "enable" }, await moderator());
      [ana] = (await adminAccounts.getAdminAccounts({ ids: [ids.ana] }, await moderator())).accounts;
      assert.equal(ana!.disabled, false);
    });

    it("keeps warning presets for staff who manage settings, and puts a preset's text before the moderator's on the strike", async () => {
      await assert.rejects(presets.createWarningPreset({ text: "Stop." }, await moderator()), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(presets.createWarningPreset({ text: "  " }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      const spam = await presets.createWarningPreset({ title: "Spam", text: "Please stop posting advertisements." }, await admin());
      const other = await presets.createWarningPreset({ title: "Abuse", text: "Be kind." }, await admin());
      assert.deepEqual((await presets.listWarningPresets({}, await admin())).warningPresets.map((p) => p.title), ["Abuse", "Spam"]);
      const renamed = await presets.updateWarningPreset({ id: spam.id, title: "Advertising" }, await admin());
      assert.deepEqual([renamed.title, renamed.text], ["Advertising", "Please stop posting advertisements."]);

      const warned = await actions.takeAccountAction({ accountId: ids.cleo, type: "none", warningPresetId: spam.id, text: "This is the third time." }, await moderator());
      assert.equal(warned.strike!.text, "Please stop posting advertisements.\n\nThis is the third time.");
      const presetOnly = await actions.takeAccountAction({ accountId: ids.cleo, type: "none", warningPresetId: other.id, text: "" }, await moderator());
      assert.equal(presetOnly.strike!.text, "Be kind.");
      await assert.rejects(actions.takeAccountAction({ accountId: ids.cleo, type: "none", warningPresetId: "999999", text: "" }, await moderator()), grpcCode(GrpcStatus.NOT_FOUND));

      await presets.deleteWarningPreset({ id: spam.id }, await admin());
      await assert.rejects(presets.getWarningPreset({ id: spam.id }, await admin()), grpcCode(GrpcStatus.NOT_FOUND));
      const logged = (await auditLog.listAuditLog({ targetType: "AccountWarningPreset", targetId: spam.id }, await admin())).entries.map((e) => e.action);
      assert.deepEqual([...logged].sort(), ["account_warning_preset.create", "account_warning_preset.destroy", "account_warning_preset.update"]);
    });
  });
}
