import assert from "node:assert/strict";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { png } from "../src/harness/media-files.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Answer = { status: number; body: any };

/** Edits with history, the source endpoint and delete-and-redraft through the gateway. */
function describeStatusEdits(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  suiteSessions(start, ["alice", "bob"], (suite) => ({ stack, alice, bob } = suite));

  const call = async (who: Session | undefined, method: string, path: string, json?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}), ...(json ? { "content-type": "application/json" } : {}) };
    const res = await fetch(`${stack.url}${path}`, { method, headers, body: json ? JSON.stringify(json) : undefined });
    return { status: res.status, body: await res.json() };
  };
  const uploadImage = async (color: string) =>
    alice.client.v1.media.create({ file: new Blob([new Uint8Array(await png(32, 32, color))], { type: "image/png" }), description: `a ${color} square` });

  it("keeps every version: editing twice gives a history of three with each version's content", async function () {
    const status = await alice.client.v1.statuses.create({ status: "first <draft>", language: "en" });
    assert.equal(status.editedAt, null);
    const second = await alice.client.v1.statuses.$select(status.id).update({ status: "second draft" });
    const third = await alice.client.v1.statuses.$select(status.id).update({ status: "final words", spoilerText: "long" });
    assert.equal(second.content, "<p>second draft</p>");
    assert.equal(third.content, "<p>final words</p>");
    assert.equal(third.id, status.id);
    assert.equal(third.createdAt, status.createdAt);
    assert.ok(third.editedAt && new Date(third.editedAt) >= new Date(second.editedAt!));
    assert.equal(third.sensitive, true, "a content warning makes the status sensitive");
    assert.equal(third.language, "en", "an edit without a language keeps it");

    const history = await bob.client.v1.statuses.$select(status.id).history.list();
    assert.deepEqual(
      history.map((v) => [v.content, v.spoilerText, v.sensitive, v.account.id]),
      [
        ["<p>first &lt;draft&gt;</p>", "", false, alice.account.id],
        ["<p>second draft</p>", "", false, alice.account.id],
        ["<p>final words</p>", "long", true, alice.account.id],
      ],
    );
    assert.deepEqual(history.map((v) => v.createdAt), [status.createdAt, second.editedAt, third.editedAt]);
    const seen = await bob.client.v1.statuses.$select(status.id).fetch();
    assert.deepEqual([seen.content, seen.editedAt], [third.content, third.editedAt]);
  });

  it("lists each version's media in the history as it was then", async function () {
    this.timeout(60_000);
    const red = await uploadImage("#cc0000");
    const green = await uploadImage("#00cc00");
    const status = await alice.client.v1.statuses.create({ status: "one picture", mediaIds: [red.id] });
    const edited = await alice.client.v1.statuses.$select(status.id).update({ status: "two pictures", mediaIds: [green.id, red.id] });
    assert.deepEqual(edited.mediaAttachments.map((m) => m.id), [green.id, red.id]);
    const history = await alice.client.v1.statuses.$select(status.id).history.list();
    assert.deepEqual(history.map((v) => v.mediaAttachments.map((m) => [m.id, m.description])), [
      [[red.id, "a #cc0000 square"]],
      [
        [green.id, "a #00cc00 square"],
        [red.id, "a #cc0000 square"],
      ],
    ]);
  });

  it("lists each version's poll options in the history, and none on a version without a poll", async function () {
    const status = await alice.client.v1.statuses.create({ status: "Pick one", poll: { options: ["red", "blue"], expiresIn: 3600 } });
    await alice.client.v1.statuses.$select(status.id).update({ status: "Pick some", poll: { options: ["red", "blue", "green"], expiresIn: 3600, multiple: true } });
    await alice.client.v1.statuses.$select(status.id).update({ status: "Never mind" });
    const history = await call(bob, "GET", `/api/v1/statuses/${status.id}/history`);
    assert.deepEqual(
      history.body.map((v: any) => v.poll),
      [{ options: [{ title: "red" }, { title: "blue" }] }, { options: [{ title: "red" }, { title: "blue" }, { title: "green" }] }, undefined],
    );
    assert.equal((await bob.client.v1.statuses.$select(status.id).fetch()).poll, null);
  });

  it("answers the history of an unedited status with its one version, and the source with the raw text", async function () {
    const status = await alice.client.v1.statuses.create({ status: "Plain <text> & more", spoilerText: "cw" });
    const history = await call(undefined, "GET", `/api/v1/statuses/${status.id}/history`);
    assert.equal(history.status, 200);
    assert.deepEqual(history.body.map((v: any) => v.content), ["<p>Plain &lt;text&gt; &amp; more</p>"]);
    assert.equal("poll" in history.body[0], false, "no poll member on a version without a poll");
    const source = await bob.client.v1.statuses.$select(status.id).source.fetch();
    assert.deepEqual({ ...source }, { id: status.id, text: "Plain <text> & more", spoilerText: "cw" });
  });

  it("deletes a status returning its text, and posting that text again redrafts it", async function () {
    const original = await alice.client.v1.statuses.create({ status: "Redraft me <please>", spoilerText: "", visibility: "unlisted" });
    const deleted = await call(alice, "DELETE", `/api/v1/statuses/${original.id}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.text, "Redraft me <please>");
    assert.equal("content" in deleted.body, false, "the source replaces the HTML");
    assert.equal((await call(alice, "GET", `/api/v1/statuses/${original.id}`)).status, 404);
    const redrafted = await alice.client.v1.statuses.create({ status: deleted.body.text, visibility: deleted.body.visibility });
    assert.notEqual(redrafted.id, original.id);
    assert.equal(redrafted.content, original.content);
    assert.equal(redrafted.visibility, "unlisted");
  });

  it("refuses an edit of someone else's status with a JSON 404 and changes nothing", async function () {
    const status = await alice.client.v1.statuses.create({ status: "only alice writes this" });
    const refused = await call(bob, "PUT", `/api/v1/statuses/${status.id}`, { status: "bob was here" });
    assert.equal(refused.status, 404);
    assert.deepEqual(refused.body, { error: "Record not found" });
    const seen = await alice.client.v1.statuses.$select(status.id).fetch();
    assert.deepEqual([seen.content, seen.editedAt], [status.content, null]);
    const history = await call(alice, "GET", `/api/v1/statuses/${status.id}/history`);
    assert.equal(history.body.length, 1, "no version stored");
  });

  it("refuses invalid edits with 422 JSON and keeps the status as it was", async function () {
    const status = await alice.client.v1.statuses.create({ status: "valid" });
    for (const body of [{ status: "x".repeat(501) }, { status: "" }, { status: "ok", language: "zz" }]) {
      const refused = await call(alice, "PUT", `/api/v1/statuses/${status.id}`, body);
      assert.equal(refused.status, 422, JSON.stringify(body).slice(0, 40));
      assert.equal(typeof refused.body.error, "string");
    }
    const seen = await alice.client.v1.statuses.$select(status.id).fetch();
    assert.deepEqual([seen.content, seen.editedAt], [status.content, null]);
  });
}

describeOnBothStacks("status edits", describeStatusEdits);
