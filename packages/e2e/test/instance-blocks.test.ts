// Staff's instance-level blocks end to end: the admin routes of the moderation service (Mastodon's
// 422 with existing_domain_block, idempotent domain allows), and their enforcement by the other
// services, which learn them from the moderation topic: federation refuses a suspended server's
// signed inbox POST, accounts refuses blocked e-mail domains and canonical addresses at sign-up (and,
// with staff's MX check on, addresses whose mail server is blocked), and the gateway refuses sign-ups
// from a blocked client address given by the trusted-proxy header.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createOAuthAPIClient, createRestAPIClient } from "masto";
import { waitFor } from "@starling/testkit";
import { startFedifyPeer, type FedifyPeer } from "../src/harness/fedify-peer.ts";
import * as fixtures from "../src/harness/mastodon-fixtures.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Stack } from "../src/harness/stack.ts";

// Blocks reach the enforcing services through the event bus (Kafka on the production-like run).
const PROPAGATION = { timeoutMs: 60_000, intervalMs: 300 };

describeOnBothStacks("Instance-level blocks", (start) => {
  let stack: Stack;
  let admin: Session;
  let peer: FedifyPeer;
  let appToken: string;
  const suffix = randomBytes(3).toString("hex");
  const cleanup: string[] = [];

  const call = async (method: string, path: string, body?: unknown, token = admin.accessToken, headers: Record<string, string> = {}) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: (await response.json()) as any };
  };
  let serial = 0;
  const signUp = (email: string, headers: Record<string, string> = {}) =>
    call("POST", "/api/v1/accounts", { username: `u${suffix}_${++serial}`, email, password: "a long passphrase", agreement: true, locale: "en" }, appToken, headers);

  before(async function () {
    this.timeout(300_000);
    stack = await start();
    peer = await startFedifyPeer();
    const email = `boss_${suffix}@example.com`;
    admin = await signIn(stack.url, email, await stack.createAccount(`boss_${suffix}`, email, ["--role", "Admin"]), "read write follow admin:read admin:write");
    const app = await createRestAPIClient({ url: stack.url }).v1.apps.create({ clientName: "blocks e2e", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read write follow" });
    appToken = (await createOAuthAPIClient({ url: stack.url }).token.create({ grantType: "client_credentials", clientId: app.clientId!, clientSecret: app.clientSecret!, redirectUri: "urn:ietf:wg:oauth:2.0:oob", scope: "read write follow" })).accessToken;
  });
  after(async function () {
    this.timeout(60_000);
    // The stack is shared with other suites: what this one blocked is lifted again.
    for (const path of cleanup) await call("DELETE", path).catch(() => undefined);
    await peer?.stop();
  });

  it("answers a duplicate domain block, and one its parent's block covers, with 422 carrying existing_domain_block", async () => {
    const domain = `spam-${suffix}.example`;
    const first = await call("POST", "/api/v1/admin/domain_blocks", { domain, severity: "silence", public_comment: "Spam" });
    assert.equal(first.status, 200);
    cleanup.push(`/api/v1/admin/domain_blocks/${first.json.id}`);
    assert.deepEqual({ ...first.json, id: undefined, created_at: undefined }, {
      id: undefined, created_at: undefined, domain, severity: "silence", reject_media: false, reject_reports: false, private_comment: null, public_comment: "Spam", obfuscate: false,
    });
    for (const again of [domain, `www.${domain}`]) {
      const refused = await call("POST", "/api/v1/admin/domain_blocks", { domain: again, severity: "noop" });
      assert.equal(refused.status, 422, again);
      assert.equal(refused.json.error, `You have already imposed stricter limits on ${domain}.`);
      assert.deepEqual(refused.json.existing_domain_block, first.json);
    }
    const listed = await call("GET", "/api/v1/admin/domain_blocks");
    assert.ok(listed.json.some((b: { id: string }) => b.id === first.json.id));
  });

  it("answers a repeated domain allow with the same record", async () => {
    const domain = `friend-${suffix}.example`;
    const first = await call("POST", "/api/v1/admin/domain_allows", { domain });
    assert.equal(first.status, 200);
    cleanup.push(`/api/v1/admin/domain_allows/${first.json.id}`);
    const second = await call("POST", "/api/v1/admin/domain_allows", { domain: domain.toUpperCase() });
    assert.deepEqual([second.status, second.json], [200, first.json]);
    assert.deepEqual((await call("GET", `/api/v1/admin/domain_allows/${first.json.id}`)).json, first.json);
  });

  it("refuses staff routes to a user without the permission", async () => {
    const email = `plain_${suffix}@example.com`;
    const plain = await signIn(stack.url, email, await stack.createAccount(`plain_${suffix}`, email), "read write admin:read admin:write");
    const refused = await call("GET", "/api/v1/admin/domain_blocks", undefined, plain.accessToken);
    assert.deepEqual([refused.status, refused.json], [403, { error: "This action is not allowed" }]);
  });

  it("refuses a suspended server's signed inbox POST, and keeps nothing it sent", async function () {
    this.timeout(120_000);
    const { domain } = (await (await fetch(`${stack.url}/api/v2/instance`)).json()) as { domain: string };
    const inbox = `http://${domain}/inbox`;
    const actor = await peer.addActor(`troll${suffix}`);
    assert.equal(await peer.sendJson(`troll${suffix}`, fixtures.updatePerson(await peer.actorDocument(`troll${suffix}`)), inbox), 202, "heard before the block");
    const block = await call("POST", "/api/v1/admin/domain_blocks", { domain: peer.host, severity: "suspend" });
    assert.equal(block.status, 200);
    cleanup.push(`/api/v1/admin/domain_blocks/${block.json.id}`);
    let note: { object: { id: string } } | undefined;
    await waitFor(async () => {
      note = fixtures.createNote({ actor, content: `<p>spam ${suffix}</p>` }) as { object: { id: string } };
      return (await peer.sendJson(`troll${suffix}`, note, inbox)) === 403 || undefined;
    }, { ...PROPAGATION, what: "the suspended server's POST refused" });
    const found = await admin.client.v2.search.list({ q: note!.object.id, resolve: false, type: "statuses" });
    assert.deepEqual(found.statuses, [], "the refused post is not stored");
  });

  it("refuses sign-ups from a blocked e-mail domain (and its subdomains) and from a canonical-e-mail-blocked address", async function () {
    this.timeout(120_000);
    const blockedDomain = `mail-${suffix}.example`;
    const domainBlock = await call("POST", "/api/v1/admin/email_domain_blocks", { domain: blockedDomain });
    assert.equal(domainBlock.status, 200);
    cleanup.push(`/api/v1/admin/email_domain_blocks/${domainBlock.json.id}`);
    const canonical = await call("POST", "/api/v1/admin/canonical_email_blocks", { email: `Jane.Doe${suffix}+old@example.org` });
    assert.equal(canonical.status, 200);
    cleanup.push(`/api/v1/admin/canonical_email_blocks/${canonical.json.id}`);
    const tested = await call("POST", "/api/v1/admin/canonical_email_blocks/test", { email: `janedoe${suffix}@EXAMPLE.org` });
    assert.deepEqual(tested.json, [canonical.json]);

    const byDomain = await waitFor(async () => {
      // A fresh address each try: one taken by a try that beat the block would be refused as taken instead.
      const answer = await signUp(`someone${++serial}@eu.${blockedDomain}`);
      return answer.status === 422 ? answer : undefined;
    }, { ...PROPAGATION, what: "the e-mail domain block at sign-up" });
    assert.deepEqual(byDomain.json.details, { email: [{ error: "ERR_BLOCKED", description: "uses a disallowed e-mail provider" }] });
    const byAddress = await waitFor(async () => {
      // Another +tag each try, so no try is refused for an address an earlier try took.
      const answer = await signUp(`jane.doe${suffix}+new${++serial}@example.org`);
      return answer.status === 422 ? answer : undefined;
    }, { ...PROPAGATION, what: "the canonical e-mail block at sign-up" });
    assert.deepEqual(byAddress.json.details, { email: [{ error: "ERR_TAKEN", description: "has already been taken" }] });
  });

  it("refuses sign-ups from a blocked client address given by the trusted-proxy header", async function () {
    this.timeout(120_000);
    // TEST-NET-3 addresses, a fresh one each try: the sign-up rate limit counts each address apart.
    const range = `203.0.113.0/24`;
    const block = await call("POST", "/api/v1/admin/ip_blocks", { ip: range, severity: "sign_up_block", comment: `e2e ${suffix}` });
    assert.deepEqual([block.status, block.json.ip, block.json.severity], [200, range, "sign_up_block"]);
    cleanup.push(`/api/v1/admin/ip_blocks/${block.json.id}`);
    let host = 0;
    const refused = await waitFor(async () => {
      const answer = await signUp(`ip${++host}_${suffix}@example.net`, { "x-forwarded-for": `203.0.113.${(host % 250) + 1}` });
      return answer.status === 403 ? answer : undefined;
    }, { ...PROPAGATION, what: "the IP block at sign-up" });
    assert.deepEqual(refused.json, { error: "This action is not allowed" });
    const elsewhere = await signUp(`ipfree_${suffix}@example.net`, { "x-forwarded-for": "198.51.100.23" });
    assert.equal(elsewhere.status, 200, JSON.stringify(elsewhere.json));
  });

  it("refuses every request from a no_access address, a blocked IPv6 address covering its /64", async function () {
    this.timeout(120_000);
    const block = await call("POST", "/api/v1/admin/ip_blocks", { ip: "2001:db8:77::1", severity: "no_access", comment: `e2e ${suffix}` });
    assert.deepEqual([block.status, block.json.ip], [200, "2001:db8:77::/64"]);
    cleanup.push(`/api/v1/admin/ip_blocks/${block.json.id}`);
    const from = (address: string) => fetch(`${stack.url}/api/v1/instance`, { headers: { "x-forwarded-for": address } });
    const refused = await waitFor(async () => {
      const response = await from("2001:db8:77:0:abcd::5");
      return response.status === 403 ? response : undefined;
    }, { ...PROPAGATION, what: "the no_access block" });
    assert.deepEqual(await refused.json(), { error: "Forbidden" });
    assert.equal((await from("2001:db8:77:1::5")).status, 200, "the next /64 is not blocked");
    assert.equal((await fetch(`${stack.url}/api/v1/instance`)).status, 200, "nor the direct client");
  });

  it("with staff's MX check on, refuses an address whose mail server is under a blocked e-mail domain, and takes it again once off", async function () {
    this.timeout(180_000);
    // The shared DNS server answers for this suite's own names: the provider's mail goes to a blocked relay.
    const provider = `hidden-${suffix}.example`;
    const relay = `relay-${suffix}.example`;
    stack.dns!.mx.set(provider, `mx.${relay}`);
    stack.dns!.a.set(`mx.${relay}`, "192.0.2.25");
    const block = await call("POST", "/api/v1/admin/email_domain_blocks", { domain: relay });
    assert.equal(block.status, 200);
    cleanup.push(`/api/v1/admin/email_domain_blocks/${block.json.id}`);
    // TEST-NET-1 addresses, a fresh one each try, as the sign-up rate limit counts each address apart.
    let host = 0;
    const tryAddress = () => signUp(`mx${++serial}@${provider}`, { "x-forwarded-for": `192.0.2.${(++host % 250) + 1}` });
    const mxCheck = async (on: boolean) => assert.equal((await call("PUT", "/api/v1/admin/instance", { email_mx_check: on })).json.email_mx_check, on);
    await mxCheck(true);
    try {
      const refused = await waitFor(async () => {
        const answer = await tryAddress();
        return answer.status === 422 ? answer : undefined;
      }, { ...PROPAGATION, what: "the MX check at sign-up" });
      assert.deepEqual(refused.json.details, { email: [{ error: "ERR_BLOCKED", description: "uses a disallowed e-mail provider" }] });
      assert.ok(stack.dns!.asked.some((name) => name.toLowerCase() === `mx.${relay}`), "the relay was looked up on the test DNS server");
    } finally {
      await mxCheck(false);
    }
    // Other suites sign up with addresses the test DNS server knows nothing of: the check is off again before they run.
    await waitFor(async () => ((await tryAddress()).status === 200) || undefined, { ...PROPAGATION, what: "the MX check off" });
  });
});
