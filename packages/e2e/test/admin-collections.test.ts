import assert from "node:assert/strict";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { callApi, staffSession } from "../src/harness/staff-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Json = Record<string, any>;

/** A collection staff manage through the list/get/create/update/delete routes, and the fields a change sets. */
interface Collection {
  path: string;
  create: Json;
  update: Json;
  /** Whether GET path/:id exists (rules have no route for one). */
  readsOne: boolean;
}

// The admin collections built on one route builder: each route answers staff with the permission,
// refuses a token without the admin scopes and a Moderator without the permission with the same
// bodies as before, and a deleted item is gone.
describeOnBothStacks("admin collections: warning presets, rules and webhooks", (start) => {
  let stack: Stack;
  let ana: Session;
  let admin: Session;
  let moderator: Session;
  const suffix = suiteSessions(start, ["ana"], async (suite) => {
    ({ stack, ana } = suite);
    admin = await staffSession(stack, `crud_admin_${suffix}`);
    moderator = await staffSession(stack, `crud_mod_${suffix}`, "Moderator");
  });
  const api = (session: Session, method: string, path: string, body?: unknown) => callApi(stack.url, session, method, path, body);

  // The webhook's URL is loopback (allowed by the shared test setting, unlike a name that must resolve); nothing is delivered.
  const collections = (): Collection[] => [
    { path: "/api/v1/admin/warning_presets", create: { title: `Spam ${suffix}`, text: "Stop it" }, update: { text: `Please stop ${suffix}` }, readsOne: true },
    { path: "/api/v1/admin/rules", create: { text: `No ads ${suffix}`, hint: "None" }, update: { hint: `Not even small ones ${suffix}` }, readsOne: false },
    { path: "/api/v1/admin/webhooks", create: { url: "http://127.0.0.1:9/in", events: ["report.created"] }, update: { events: ["account.created"] }, readsOne: true },
  ];

  it("lists, reads, creates, changes and deletes each collection's items as staff", async () => {
    for (const { path, create, update, readsOne } of collections()) {
      const created = await api(admin, "POST", path, create);
      assert.equal(created.status, 200, `${path}: ${JSON.stringify(created.body)}`);
      const id = created.body.id as string;
      for (const [key, value] of Object.entries(create)) assert.deepEqual(created.body[key], value, `${path} created ${key}`);
      const listed = await api(admin, "GET", path);
      assert.equal(listed.status, 200, path);
      assert.ok(listed.body.some((item: Json) => item.id === id), `${path} lists the new item`);
      if (readsOne) assert.deepEqual(await api(admin, "GET", `${path}/${id}`), { status: 200, body: created.body });
      else assert.equal((await api(admin, "GET", `${path}/${id}`)).status, 404, `${path} has no route for one item`);
      const changed = await api(admin, "PUT", `${path}/${id}`, update);
      assert.equal(changed.status, 200, `${path}: ${JSON.stringify(changed.body)}`);
      for (const [key, value] of Object.entries(update)) assert.deepEqual(changed.body[key], value, `${path} changed ${key}`);
      assert.deepEqual(await api(admin, "DELETE", `${path}/${id}`), { status: 200, body: {} });
      assert.ok(!(await api(admin, "GET", path)).body.some((item: Json) => item.id === id), `${path} no longer lists the deleted item`);
      if (readsOne) assert.deepEqual(await api(admin, "GET", `${path}/${id}`), { status: 404, body: { error: "Record not found" } });
    }
  });

  it("refuses a token without the admin scopes and a role without the permission", async () => {
    for (const { path, create } of collections()) {
      assert.deepEqual(await api(ana, "GET", path), { status: 403, body: { error: "This action is outside the authorized scopes" } }, path);
      assert.deepEqual(await api(ana, "POST", path, create), { status: 403, body: { error: "This action is outside the authorized scopes" } }, path);
      assert.deepEqual(await api(moderator, "GET", path), { status: 403, body: { error: "This action is not allowed" } }, path);
      assert.deepEqual(await api(moderator, "POST", path, create), { status: 403, body: { error: "This action is not allowed" } }, path);
      assert.deepEqual(await api(moderator, "DELETE", `${path}/1`), { status: 403, body: { error: "This action is not allowed" } }, path);
    }
  });
});
