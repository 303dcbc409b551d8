import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { callApi, staffSession } from "../src/harness/staff-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Json = Record<string, any>;

// Issue 17's roles "Done means": an Admin makes a role with only manage_reports and gives it to mo;
// mo may then resolve a report but is refused a domain block. Roles show on verify_credentials and
// Admin::Account, and the CLI lists and assigns them.
describeOnBothStacks("custom roles", (start) => {
  let stack: Stack;
  let mo: Session;
  let ana: Session;
  let ben: Session;
  let admin: Session;
  const suffix = suiteSessions(start, ["ana", "ben"], async (suite) => {
    ({ stack, ana, ben } = suite);
    admin = await staffSession(stack, `chief_${suffix}`);
    // A plain user (the everyone role) until the Admin gives mo a role; admin scopes alone open no admin route.
    mo = await staffSession(stack, `mo_${suffix}`, null);
  });
  const api = async (session: Session, method: string, path: string, body?: unknown) => (await callApi(stack.url, session, method, path, body)) as { status: number; body: Json };

  it("lets a role with only manage_reports resolve a report and refuses it a domain block", async function () {
    this.timeout(180_000);
    const created = await api(admin, "POST", "/api/v1/admin/roles", { name: `Reports ${suffix}`, color: "#3366ff", position: 5, permissions: "16", highlighted: true });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const role = created.body;
    assert.deepEqual(Object.keys(role).sort(), ["color", "created_at", "highlighted", "id", "name", "permissions", "position", "updated_at"]);
    assert.deepEqual([role.name, role.color, role.position, role.permissions, role.highlighted], [`Reports ${suffix}`, "#3366ff", 5, "16", true]);
    assert.deepEqual((await api(admin, "GET", `/api/v1/admin/roles/${role.id}`)).body, role);
    assert.ok((await api(admin, "GET", "/api/v1/admin/roles")).body.some((r: Json) => r.id === role.id));
    assert.deepEqual(await api(admin, "POST", "/api/v1/admin/roles", { name: "Too high", position: 100 }), { status: 403, body: { error: "This action is not allowed" } });
    assert.deepEqual(await api(mo, "GET", "/api/v1/admin/reports"), { status: 403, body: { error: "This action is not allowed" } });

    const assigned = await api(admin, "PUT", `/api/v1/admin/accounts/${mo.account.id}/role`, { role_id: role.id });
    assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
    assert.deepEqual([assigned.body.role.id, assigned.body.role.name, assigned.body.role.permissions], [role.id, role.name, "16"]);
    // account.role_changed drops mo's cached authentication once the event reaches the gateway (the
    // outbox relay, then the bus); verify_credentials reads the role from accounts and may show it first.
    await waitFor(async () => (await api(mo, "GET", "/api/v1/admin/reports")).status === 200, { timeoutMs: 30_000, what: "mo's new permission" });
    const credential = (await api(mo, "GET", "/api/v1/accounts/verify_credentials")).body;
    assert.deepEqual(credential.role, { id: role.id, name: role.name, permissions: "16", color: "#3366ff", highlighted: true });

    const filed = await api(ana, "POST", "/api/v1/reports", { account_id: ben.account.id, comment: `spam ${suffix}` });
    assert.equal(filed.status, 200, JSON.stringify(filed.body));
    const resolved = await api(mo, "POST", `/api/v1/admin/reports/${filed.body.id}/resolve`);
    assert.equal(resolved.status, 200, JSON.stringify(resolved.body));
    assert.equal(resolved.body.action_taken, true);
    assert.deepEqual(await api(mo, "POST", "/api/v1/admin/domain_blocks", { domain: `spam-${suffix}.example`, severity: "suspend" }), { status: 403, body: { error: "This action is not allowed" } });

    // Taking manage_reports away reaches mo's token through role.updated.
    assert.equal((await api(admin, "PUT", `/api/v1/admin/roles/${role.id}`, { permissions: "0" })).status, 200);
    await waitFor(async () => (await api(mo, "GET", `/api/v1/admin/reports/${filed.body.id}`)).status === 403, { timeoutMs: 30_000, what: "mo refused the reports" });

    assert.deepEqual(await api(admin, "DELETE", "/api/v1/admin/roles/-99"), { status: 403, body: { error: "The everyone role cannot be deleted" } });
    assert.deepEqual(await api(admin, "DELETE", `/api/v1/admin/roles/${role.id}`), { status: 200, body: {} });
    assert.equal((await api(admin, "GET", `/api/v1/admin/accounts/${mo.account.id}`)).body.role.id, "-99");
  });

  it("lists roles and gives one from the command line", async function () {
    this.timeout(60_000);
    assert.match(await stack.cli(["roles", "list"]), /^2\t100\tAdmin\t\S*manage_roles\S*$/m);
    assert.match(await stack.cli(["accounts", "modify", `ben_${suffix}`, "--role", "moderator"]), /OK \(role 1 Moderator\)/);
    assert.equal((await api(admin, "GET", `/api/v1/admin/accounts/${ben.account.id}`)).body.role.name, "Moderator");
    assert.match(await stack.cli(["accounts", "modify", `ben_${suffix}`, "--remove-role"]), /OK \(role -99\)/);
    assert.equal((await api(admin, "GET", `/api/v1/admin/accounts/${ben.account.id}`)).body.role.id, "-99");
  });
});
