import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { callApi, staffSession } from "../src/harness/staff-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Json = Record<string, any>;

// The moderation path of issue 16's "Done means": a report with category and rule ids reaches an
// admin, who resolves it by suspending; the suspended token is refused and its posts leave a
// follower's home; an appeal within the window lifts the suspension and a second one is refused.
describeOnBothStacks("moderation: reports, suspension and appeals", (start) => {
  let stack: Stack;
  let ana: Session;
  let ben: Session;
  let admin: Session;
  const suffix = suiteSessions(start, ["ana", "ben"], async (suite) => {
    ({ stack, ana, ben } = suite);
    admin = await staffSession(stack, `boss_${suffix}`);
  });
  const api = async (session: Session, method: string, path: string, body?: unknown) => (await callApi(stack.url, session, method, path, body)) as { status: number; body: Json };

  it("shows server rules to everyone and lets only staff manage them", async () => {
    const created = await api(admin, "POST", "/api/v1/admin/rules", { text: `No spam ${suffix}`, hint: "Ads included" });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const rules = (await (await fetch(`${stack.url}/api/v1/instance/rules`)).json()) as Json[];
    assert.ok(rules.some((rule) => rule.id === created.body.id && rule.text === `No spam ${suffix}`));
    const instance = (await (await fetch(`${stack.url}/api/v2/instance`)).json()) as Json;
    assert.ok(instance.rules.some((rule: Json) => rule.id === created.body.id));
    assert.deepEqual(await api(ana, "POST", "/api/v1/admin/rules", { text: "mine" }), { status: 403, body: { error: "This action is outside the authorized scopes" } });
  });

  it("manages rules from the command line: add with a hint, list, remove", async function () {
    this.timeout(60_000);
    const added = await stack.cli(["rules", "add", `No bots ${suffix}`, "--hint", "Unless flagged"]);
    const id = /OK \(rule (\d+)\)/.exec(added)?.[1];
    assert.ok(id, added);
    assert.match(await stack.cli(["rules", "list"]), new RegExp(`^${id}\t\\d+\tNo bots ${suffix}\t\\(Unless flagged\\)$`, "m"));
    await stack.cli(["rules", "remove", id]);
    const rules = (await (await fetch(`${stack.url}/api/v1/instance/rules`)).json()) as Json[];
    assert.ok(!rules.some((rule) => rule.id === id));
  });

  it("takes a report to an admin, who suspends from it; the token is refused, the posts leave home, and one appeal lifts it", async function () {
    this.timeout(180_000);
    const rule = (await api(admin, "POST", "/api/v1/admin/rules", { text: `Be civil ${suffix}` })).body;
    await ana.client.v1.accounts.$select(ben.account.id).follow();
    const post = await ben.client.v1.statuses.create({ status: `rude words ${suffix}` });
    const home = () => ana.client.v1.timelines.home.list({ limit: 40 });
    await waitFor(async () => (await home()).some((s) => s.id === post.id), { timeoutMs: 60_000, what: "ben's post in ana's home" });

    const refused = await api(ana, "POST", "/api/v1/reports", { account_id: ben.account.id, category: "violation", rule_ids: ["1"] });
    assert.equal(refused.status, 422);
    const filed = await api(ana, "POST", "/api/v1/reports", { account_id: ben.account.id, status_ids: [post.id], comment: "see this", category: "violation", rule_ids: [rule.id] });
    assert.equal(filed.status, 200, JSON.stringify(filed.body));
    assert.deepEqual([filed.body.category, filed.body.rule_ids, filed.body.status_ids, filed.body.target_account.id], ["violation", [rule.id], [post.id], ben.account.id]);

    await waitFor(async () => (await api(admin, "GET", "/api/v1/notifications?types[]=admin.report")).body.some((n: Json) => n.report?.id === filed.body.id), {
      timeoutMs: 60_000,
      what: "the admin.report notification",
    });
    const [notified] = (await api(admin, "GET", "/api/v1/notifications?types[]=admin.report")).body.filter((n: Json) => n.report?.id === filed.body.id);
    assert.deepEqual([notified.account.id, notified.report.category, notified.report.target_account.id], [ana.account.id, "violation", ben.account.id]);
    const listed = await api(admin, "GET", `/api/v1/admin/reports?target_account_id=${ben.account.id}`);
    assert.equal(listed.status, 200);
    const report = listed.body.find((r: Json) => r.id === filed.body.id);
    assert.equal(report.account.account.id, ana.account.id);
    assert.equal(report.target_account.username, ben.account.username);
    assert.deepEqual(report.rules, [{ id: rule.id, text: rule.text }]);
    assert.deepEqual(report.statuses.map((s: Json) => s.id), [post.id]);
    assert.equal((await api(ana, "GET", "/api/v1/admin/reports")).status, 403);

    const action = await api(admin, "POST", `/api/v1/admin/accounts/${ben.account.id}/action`, { type: "suspend", report_id: report.id, text: "Incivility" });
    assert.deepEqual(action, { status: 200, body: {} });
    const resolved = (await api(admin, "GET", `/api/v1/admin/reports/${report.id}`)).body;
    assert.equal(resolved.action_taken, true);
    assert.equal(resolved.action_taken_by_account.id, admin.account.id);
    assert.equal(resolved.target_account.suspended, true);

    // The gateway caches a token briefly; account.suspended drops it there (at once on the embedded bus, via Kafka otherwise).
    await waitFor(async () => (await api(ben, "GET", "/api/v1/accounts/verify_credentials")).status === 403, { timeoutMs: 30_000, what: "ben's token refused" });
    assert.deepEqual(await api(ben, "GET", "/api/v1/accounts/verify_credentials"), { status: 403, body: { error: "Your login is currently disabled" } });
    assert.deepEqual(await api(ben, "GET", "/api/v1/timelines/home"), { status: 403, body: { error: "Your login is currently disabled" } });
    await waitFor(async () => (await home()).every((s) => s.account.id !== ben.account.id), { timeoutMs: 60_000, what: "ben's posts leaving ana's home" });
    const audit = (await api(admin, "GET", `/api/v1/admin/audit_log?target_type=Account&target_id=${ben.account.id}`)).body;
    assert.deepEqual(audit.map((e: Json) => [e.action, e.account_id]), [["account.suspend", admin.account.id]]);

    const mail = await waitFor(() => stack.smtp?.messages.find((m) => m.envelopeTo.includes(`ben_${suffix}@example.com`) && /suspended/.test(m.subject)), { timeoutMs: 60_000, what: "the strike e-mail" });
    assert.match(mail.text, /Incivility/);
    const strikes = (await api(ben, "GET", "/api/v1/strikes")).body;
    assert.equal(strikes.length, 1);
    assert.deepEqual([strikes[0].action, strikes[0].report_id, strikes[0].appeal], ["suspend", report.id, null]);
    const appeal = await api(ben, "POST", `/api/v1/strikes/${strikes[0].id}/appeal`, { text: "I apologise" });
    assert.equal(appeal.status, 200, JSON.stringify(appeal.body));
    assert.equal(appeal.body.state, "pending");
    const again = await api(ben, "POST", `/api/v1/strikes/${strikes[0].id}/appeal`, { text: "Please" });
    assert.equal(again.status, 422);

    const pending = (await api(admin, "GET", "/api/v1/admin/appeals")).body;
    assert.ok(pending.some((a: Json) => a.id === appeal.body.id));
    const approved = await api(admin, "POST", `/api/v1/admin/appeals/${appeal.body.id}/approve`);
    assert.equal(approved.body.state, "approved");
    await waitFor(async () => (await api(ben, "GET", "/api/v1/accounts/verify_credentials")).status === 200, { timeoutMs: 30_000, what: "ben's token working again" });
    const overruled = (await api(ben, "GET", `/api/v1/strikes/${strikes[0].id}`)).body;
    assert.deepEqual([overruled.overruled, overruled.appeal.state], [true, "approved"]);
  });

  it("lists accounts for staff with v1 and v2 filters, shows Admin::Account, and deletes only suspended accounts", async function () {
    this.timeout(60_000);
    const v1 = await api(admin, "GET", `/api/v1/admin/accounts?username=ana_${suffix}`);
    assert.equal(v1.status, 200);
    assert.deepEqual(v1.body.map((a: Json) => a.id), [ana.account.id]);
    const view = v1.body[0];
    assert.deepEqual([view.email, view.confirmed, view.suspended, view.silenced, view.disabled, view.domain, view.role.name], [`ana_${suffix}@example.com`, true, false, false, false, null, ""]);
    // Password-grant sign-ins record no address and the CLI made the account: no address known yet.
    assert.deepEqual([view.ip, view.ips], [null, []]);
    assert.equal(view.account.id, ana.account.id);
    const staff = await api(admin, "GET", `/api/v2/admin/accounts?permissions=staff&username=boss_${suffix}`);
    assert.deepEqual(staff.body.map((a: Json) => [a.id, a.role.name]), [[admin.account.id, "Admin"]]);
    assert.deepEqual(await api(admin, "GET", "/api/v2/admin/accounts?origin=mars"), { status: 400, body: { error: "Unknown origin: mars" } });
    assert.equal((await api(ana, "GET", "/api/v1/admin/accounts")).status, 403);
    assert.deepEqual(await api(admin, "DELETE", `/api/v1/admin/accounts/${ana.account.id}`), { status: 403, body: { error: "This action is not allowed" } });
    const single = await api(admin, "GET", `/api/v1/admin/accounts/${ana.account.id}`);
    assert.deepEqual([single.status, single.body.username], [200, ana.account.username]);
  });
});
