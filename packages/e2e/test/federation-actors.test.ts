import assert from "node:assert/strict";
import { createPublicKey, randomBytes } from "node:crypto";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Stack } from "../src/harness/stack.ts";

type Json = Record<string, any>;

describeOnBothStacks("federation actors through the gateway", (start) => {
  let stack: Stack;
  let domain: string;
  const username = `fed_${randomBytes(3).toString("hex")}`;

  before(async function () {
    this.timeout(180_000);
    stack = await start();
    await stack.createAccount(username, `${username}@example.com`);
    // The public domain (localhost:<port> embedded, 127.0.0.1:<port> production-like), as the instance reports it.
    domain = ((await (await fetch(`${stack.url}/api/v2/instance`)).json()) as Json).domain;
  });
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
  });

  it("finds a new account by WebFinger and serves its actor document as ActivityPub JSON with a usable key", async () => {
    const finger = await fetch(`${stack.url}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${username}@${domain}`)}`);
    assert.equal(finger.status, 200);
    const self = ((await finger.json()) as Json).links.find((l: Json) => l.rel === "self" && l.type === "application/activity+json");
    assert.equal(self?.href, `http://${domain}/users/${username}`);

    const response = await fetch(`${stack.url}${new URL(self.href).pathname}`, { headers: { accept: "application/activity+json" } });
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /application\/activity\+json/);
    const actor = (await response.json()) as Json;
    assert.equal(actor.id, self.href);
    assert.equal(actor.type, "Person");
    assert.equal(actor.preferredUsername, username);
    assert.equal(actor.inbox, `${self.href}/inbox`);
    assert.equal(actor.publicKey.owner, self.href);
    assert.equal(createPublicKey(actor.publicKey.publicKeyPem).asymmetricKeyType, "rsa");
  });

  it("answers WebFinger for an unknown account with 404", async () => {
    const finger = await fetch(`${stack.url}/.well-known/webfinger?resource=${encodeURIComponent(`acct:nobody_here@${domain}`)}`);
    assert.equal(finger.status, 404);
  });
});
