import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { decodePayload, TOPICS, type EventEnvelope, type Subscription } from "@starling/events";
import { RolesServiceClient } from "@starling/proto/accounts/v1/roles";
import { connectService, PERMISSIONS, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

for (const backend of backends) {
  describe(`roles on ${backend.name}`, () => {
    let h: Harness;
    let roles: AsyncClient<RolesServiceClient>;
    let subscription: Subscription;
    const seen = new Map<string, EventEnvelope>();
    const ids = { owner: "", admin: "", moderator: "", user: "" };
    const as = async (accountId: string, roleName: string) => ({ viewerToken: await h.sign({ accountId, role: await h.role(roleName), scopes: ["admin:read", "admin:write"] }) });
    const admin = () => as(ids.admin, "Admin");
    const denied = async (call: Promise<unknown>) => assert.equal((await rejection(call)).code, status.PERMISSION_DENIED);
    /** The role verify_credentials shows a user, read from the row. */
    const credentialRole = async (accountId: string) => {
      const { role } = await h.client.getCredentialAccount({}, { viewerToken: await h.sign({ accountId, scopes: ["read"] }) });
      return role!;
    };

    before(async function () {
      this.timeout(60_000);
      h = await startHarness(backend);
      roles = connectService(RolesServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      subscription = await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-role-events", handler: async (e) => void seen.set(e.id, e) });
      ids.owner = (await h.createUser("rhea", { role: "Owner" })).account.id;
      ids.admin = (await h.createUser("adam", { role: "admin" })).account.id;
      ids.moderator = (await h.createUser("mo", { role: "Moderator" })).account.id;
      ids.user = (await h.createUser("una")).account.id;
    });
    after(async () => {
      await subscription?.stop();
      roles?.close();
      await h?.stop();
    });

    it("lists the seeded roles highest first, with the everyone role last and only to managers of roles", async () => {
      const listed = (await roles.listRoles({}, await admin())).roles;
      assert.deepEqual(listed.map((r) => [r.id, r.name, r.position]), [["3", "Owner", 1000], ["2", "Admin", 100], ["1", "Moderator", 10], ["-99", "", -1]]);
      assert.equal(listed.at(-1)!.permissions, String(PERMISSIONS.invite_users));
      assert.ok(listed[0]!.createdAt instanceof Date);
      await denied(roles.listRoles({}, await as(ids.moderator, "Moderator")));
      await denied(roles.getRole({ id: "1" }, await as(ids.user, "")));
      assert.equal((await rejection(roles.getRole({ id: "424242" }, await admin()))).code, status.NOT_FOUND);
    });

    it("creates roles only below the creator's position and with permissions the creator holds", async () => {
      const created = await roles.createRole({ name: "Reports", color: "#aa3300", position: 50, permissions: String(PERMISSIONS.manage_reports), highlighted: true }, await admin());
      assert.deepEqual([created.name, created.color, created.position, created.permissions, created.highlighted], ["Reports", "#aa3300", 50, "16", true]);
      assert.deepEqual(await roles.getRole({ id: created.id }, await admin()), created);
      await denied(roles.createRole({ name: "Peer", position: 100 }, await admin()));
      await denied(roles.createRole({ name: "Root", position: 1, permissions: String(PERMISSIONS.administrator) }, await admin()));
      // The Owner holds administrator, which implies every permission.
      const root = await roles.createRole({ name: "Root", position: 999, permissions: String(PERMISSIONS.administrator) }, await as(ids.owner, "Owner"));
      assert.equal(root.permissions, "1");
      for (const bad of [{ name: " " }, { name: "x", color: "red" }, { name: "x", permissions: String(1 << 25) }, { name: "x", permissions: "-1" }]) {
        assert.equal((await rejection(roles.createRole(bad, await admin()))).code, status.INVALID_ARGUMENT, JSON.stringify(bad));
      }
      const announced = await waitFor(() => [...seen.values()].find((e) => e.type === "role.updated" && e.key === created.id), { what: "role.updated" });
      assert.equal(decodePayload("role.updated", announced).roleId, created.id);
    });

    it("edits roles below the editor's own, never their own, and the everyone role's permissions but not its name", async () => {
      const role = await roles.createRole({ name: "Helpers", position: 20 }, await admin());
      const edited = await roles.updateRole({ id: role.id, color: "#123", permissions: String(PERMISSIONS.manage_reports | PERMISSIONS.view_dashboard) }, await admin());
      assert.deepEqual([edited.name, edited.color, edited.position, edited.permissions], ["Helpers", "#123", 20, String(PERMISSIONS.manage_reports | PERMISSIONS.view_dashboard)]);
      assert.ok(edited.updatedAt!.getTime() >= role.updatedAt!.getTime());
      await denied(roles.updateRole({ id: role.id, position: 150 }, await admin()));
      await denied(roles.updateRole({ id: "2", color: "#fff" }, await admin()));
      await denied(roles.updateRole({ id: "3", color: "#fff" }, await admin()));
      const everyone = await roles.updateRole({ id: "-99", permissions: String(PERMISSIONS.invite_users | PERMISSIONS.view_dashboard) }, await admin());
      assert.equal(everyone.permissions, String(PERMISSIONS.invite_users | PERMISSIONS.view_dashboard));
      assert.equal((await rejection(roles.updateRole({ id: "-99", name: "All" }, await admin()))).code, status.INVALID_ARGUMENT);
      await roles.updateRole({ id: "-99", permissions: String(PERMISSIONS.invite_users) }, await admin());
    });

    it("assigns roles below the assigner's to other users, and deleting a role returns its users to everyone", async () => {
      const role = await roles.createRole({ name: "Triage", position: 30, permissions: String(PERMISSIONS.manage_reports) }, await admin());
      const assigned = await roles.assignRole({ accountId: ids.user, role: role.id }, await admin());
      assert.equal(assigned.role!.id, role.id);
      const held = await credentialRole(ids.user);
      assert.deepEqual([held.id, held.name, held.permissions], [role.id, "Triage", String(PERMISSIONS.manage_reports)]);
      await waitFor(() => [...seen.values()].some((e) => e.type === "account.role_changed" && e.key === ids.user && decodePayload("account.role_changed", e).roleId === role.id), { what: "account.role_changed" });
      await denied(roles.assignRole({ accountId: ids.moderator, role: "2" }, await admin()));
      await denied(roles.assignRole({ accountId: ids.owner, role: "-99" }, await admin()));
      await denied(roles.assignRole({ accountId: ids.admin, role: "1" }, await admin()));
      await denied(roles.assignRole({ accountId: ids.user, role: "1" }, await as(ids.moderator, "Moderator")));
      assert.equal((await rejection(roles.assignRole({ accountId: ids.user, role: "777" }, await admin()))).code, status.INVALID_ARGUMENT);
      for (const unclear of [{}, { role: role.id, everyone: true }, { everyone: false }, { role: " " }]) {
        assert.equal((await rejection(roles.assignRole({ accountId: ids.user, ...unclear }, await admin()))).code, status.INVALID_ARGUMENT, JSON.stringify(unclear));
      }
      assert.equal((await roles.assignRole({ accountId: ids.user, everyone: true }, await admin())).role!.id, "-99");
      assert.equal((await credentialRole(ids.user)).id, "-99");
      await roles.assignRole({ accountId: ids.user, role: "triage" }, await admin());

      await denied(roles.deleteRole({ id: "-99" }, await as(ids.owner, "Owner")));
      await denied(roles.deleteRole({ id: "2" }, await admin()));
      await roles.deleteRole({ id: role.id }, await admin());
      assert.equal((await rejection(roles.getRole({ id: role.id }, await admin()))).code, status.NOT_FOUND);
      assert.equal((await credentialRole(ids.user)).id, "-99");
    });
  });
}
