// Staff review of sign-ups waiting for approval (/api/v1/admin/accounts/:id/approve and /reject), over
// gRPC with the real accounts service beside moderation, as Mastodon's UserPolicy#approve?/reject?
// allow them: staff who manage users, and only for a user not yet approved.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { AdminAccountsServiceClient } from "@starling/proto/accounts/v1/admin_accounts";
import { AccountActionsServiceClient } from "@starling/proto/moderation/v1/account_actions";
import { AuditLogServiceClient } from "@starling/proto/moderation/v1/audit_log";
import { connectService, type AsyncClient } from "@starling/runtime";
import { backends, startModerationHarness, type ModerationHarness } from "./support/moderation-harness.ts";
import { startPeers, type Peers } from "./support/peers.ts";

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;

for (const backend of backends) {
  describe(`sign-up review on ${backend.name}`, function () {
    this.timeout(60_000);
    let service: ModerationHarness;
    let peers: Peers;
    let actions: AsyncClient<AccountActionsServiceClient>;
    let auditLog: AsyncClient<AuditLogServiceClient>;
    let adminAccounts: AsyncClient<AdminAccountsServiceClient>;
    const ids = { moderator: "", user: "" };
    before(async function () {
      this.timeout(180_000);
      service = await startModerationHarness(backend.url, {
        before: async (infra, context) => {
          peers = await startPeers(infra, context);
          return peers.env;
        },
      });
      actions = connectService(AccountActionsServiceClient, service.address, { deadlineMs: 10_000 });
      auditLog = connectService(AuditLogServiceClient, service.address, { deadlineMs: 10_000 });
      adminAccounts = connectService(AdminAccountsServiceClient, peers.env.ACCOUNTS_GRPC_URL!, { deadlineMs: 10_000 });
      ids.moderator = await peers.createAccount("mod", "Moderator");
      ids.user = await peers.createAccount("plain");
    });
    after(async () => {
      for (const client of [actions, auditLog, adminAccounts]) client?.close();
      await service?.stop();
    });

    const moderator = () => service.as({ accountId: ids.moderator, role: "Moderator" });
    const adminView = async (accountId: string) => (await adminAccounts.getAdminAccounts({ ids: [accountId] }, await moderator())).accounts[0];

    it("lets a Moderator reject a pending sign-up: the user and account are deleted and the username is free again", async () => {
      const pending = await peers.signUpPending("hopeful");
      assert.equal((await adminView(pending))?.approved, false, "waiting for approval");
      await assert.rejects(actions.reviewSignUp({ accountId: pending, approve: false }, await service.as({ accountId: ids.user })), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await actions.reviewSignUp({ accountId: pending, approve: false }, await moderator());

      assert.equal(await adminView(pending), undefined, "the account is gone");
      assert.equal((await peers.accounts.getAccounts({ ids: [pending] })).accounts.length, 0);
      assert.equal((await peers.signUp("hopeful", false)).refused, undefined, "the username and e-mail can be used again");
      const logged = await auditLog.listAuditLog({ targetType: "Account", targetId: pending }, await moderator());
      assert.deepEqual(logged.entries.map((e) => [e.action, e.accountId]), [["account.reject", ids.moderator]]);
      await assert.rejects(actions.reviewSignUp({ accountId: pending, approve: false }, await moderator()), grpcCode(GrpcStatus.NOT_FOUND));
    });

    it("refuses to reject or approve an account that is not waiting for approval, as Mastodon (403)", async () => {
      for (const approve of [false, true]) {
        await assert.rejects(actions.reviewSignUp({ accountId: ids.user, approve }, await moderator()), grpcCode(GrpcStatus.PERMISSION_DENIED));
      }
      assert.equal((await adminView(ids.user))?.approved, true, "the account is left as it was");
    });

    it("lets a Moderator approve a pending sign-up, after which it cannot be rejected", async () => {
      const pending = await peers.signUpPending("accepted");
      await actions.reviewSignUp({ accountId: pending, approve: true }, await moderator());
      assert.equal((await adminView(pending))?.approved, true);
      await assert.rejects(actions.reviewSignUp({ accountId: pending, approve: false }, await moderator()), grpcCode(GrpcStatus.PERMISSION_DENIED));
    });
  });
}
