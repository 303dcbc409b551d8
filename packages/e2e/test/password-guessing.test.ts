import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Stack } from "../src/harness/stack.ts";
import { formFields } from "./oauth-form-session.ts";

// A client address of its own per run (an IPv6 /64 from the documentation range), told through the
// trusted-proxy header: counters in a shared Redis outlive a run, and loopback is every suite's.
const freshClient = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;

/**
 * Password guessing through the gateway, against the real accounts service: the password grant and
 * the sign-in form stop answering guesses after 25 per client and 25 per account.
 */
function describePasswordGuessing(start: () => Promise<Stack>): void {
  let stack: Stack;
  let app: { client_id: string; client_secret: string };
  const suffix = randomBytes(3).toString("hex");
  const accounts: Record<string, { email: string; password: string }> = {};

  before(async function () {
    this.timeout(180_000);
    stack = await start();
    for (const name of ["guessed", "victim", "formed"]) {
      const email = `${name}_${suffix}@example.com`;
      accounts[name] = { email, password: await stack.createAccount(`${name}_${suffix}`, email) };
    }
    const created = await fetch(`${stack.url}/api/v1/apps`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "guesser", redirect_uris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read" }) });
    app = (await created.json()) as typeof app;
  });
  after(() => stack?.stop());

  const grant = (email: string, password: string, client: string) =>
    fetch(`${stack.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client },
      body: new URLSearchParams({ grant_type: "password", client_id: app.client_id, client_secret: app.client_secret, username: email, password, scope: "read" }),
    });

  it("answers 400 wrong passwords on /oauth/token from one address with 429 after the limit, and the right password too", async function () {
    this.timeout(120_000);
    const client = freshClient();
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 400; i++) {
      // Spread over accounts, so only the address's limit is reached.
      const res = await grant(`nobody${i % 20}_${suffix}@example.com`, `guess-${i}`, client);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (i === 399) {
        assert.deepEqual(await res.json(), { error: "Too many requests" });
        assert.equal(res.headers.get("x-ratelimit-remaining"), "0");
        assert.match(res.headers.get("x-ratelimit-reset") ?? "", /^\d{4}-\d\d-\d\dT/);
      } else await res.body?.cancel();
    }
    assert.deepEqual(statuses, { 400: 25, 429: 375 });
    const right = await grant(accounts.guessed!.email, accounts.guessed!.password, client);
    assert.equal(right.status, 429, "a right password waits for the window too");
    assert.equal((await grant(accounts.guessed!.email, accounts.guessed!.password, freshClient())).status, 200, "another client signs in");
  });

  it("stops guesses at one account spread over 30 addresses after 25, and its right password until the window ends", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await grant(accounts.victim!.email, `guess-${i}`, freshClient())).status);
    assert.deepEqual([statuses.filter((s) => s === 400).length, statuses.filter((s) => s === 429).length], [25, 5]);
    assert.equal((await grant(accounts.victim!.email, accounts.victim!.password, freshClient())).status, 429);
  });

  it("stops the sign-in form's guesses at one account from many addresses after 25, the right password too", async () => {
    const page = await fetch(`${stack.url}/auth/sign_in`);
    const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0]!;
    const fields = formFields(await page.text());
    const signIn = (password: string) =>
      fetch(`${stack.url}/auth/sign_in`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": freshClient() },
        body: new URLSearchParams({ ...fields, email: accounts.formed!.email, password }),
      });
    for (let i = 0; i < 25; i++) {
      const res = await signIn(`guess-${i}`);
      assert.equal(res.status, 401, `guess ${i}`);
      await res.body?.cancel();
    }
    const refused = await signIn(accounts.formed!.password);
    assert.equal(refused.status, 429);
    assert.deepEqual(await refused.json(), { error: "Too many requests" });
  });
}

describeOnBothStacks("Password guessing", describePasswordGuessing);
