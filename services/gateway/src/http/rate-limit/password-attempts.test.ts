import assert from "node:assert/strict";
import express from "express";
import { serveApp } from "../../../test/fixtures/serve-app.ts";
import { invalidArgument } from "@starling/runtime";
import { createEmbeddedStore } from "@starling/kv";
import { createLogger } from "@starling/runtime";
import { TEST_SECRET, startAccountsFixture, testConfig, type RunningAccounts } from "../../../test/fixtures/accounts-server.ts";
import { oauthRoutes } from "../../routes/oauth-routes.ts";
import { TokenResolver } from "../authenticate.ts";
import { ActivityRecorder } from "../activity-recorder.ts";
import { bindRoute } from "../bind-route.ts";
import { bodyParsers } from "../body-parsers.ts";
import { passwordAttempts } from "./password-attempts.ts";
import { passwordChecks } from "./password-checks.ts";

const MINUTE = 60_000;
const RIGHT = "correct horse battery staple";

describe("password attempts throttle", () => {
  let accounts: RunningAccounts;
  let close: () => Promise<void>;
  let base: string;
  let clock = Date.parse("2026-11-21T10:00:00Z");
  let checked = 0;

  before(async () => {
    accounts = await startAccountsFixture({
      handlers: {
        issueToken: async (request) => {
          checked++;
          if (request.password?.password !== RIGHT) throw invalidArgument("invalid_grant: The provided authorization grant is invalid");
          return { accessToken: "token", tokenType: "Bearer", scope: "read", createdAt: new Date() };
        },
      },
    });
    const config = testConfig();
    const app = express();
    // As in the gateway: a proxy on loopback tells the client address in X-Forwarded-For.
    app.set("trust proxy", "loopback");
    app.use(...bodyParsers);
    app.use(passwordAttempts({ kv: createEmbeddedStore(), checks: passwordChecks(config), now: () => clock }));
    const token = oauthRoutes.find((r) => r.path === "/oauth/token")!;
    bindRoute(app, token, { config, clients: accounts.clients, tokens: new TokenResolver(accounts.clients, 60_000, TEST_SECRET), activity: new ActivityRecorder(accounts.clients), logger: createLogger("test", "silent"), baseUrl: "https://example.test" });
    // The sign-in form's answers as the page gives them: 401 for a wrong password, 200 for a right one.
    app.post("/auth/sign_in", (req, res) => void res.status(req.body.password === RIGHT ? 200 : 401).send("page"));
    // The password confirmation pages answer a wrong password with 422.
    app.post("/settings/delete", (req, res) => void res.status(req.body.password === RIGHT ? 200 : 422).send("page"));
    ({ url: base, close } = await serveApp(app));
  });
  after(async () => {
    await close();
    await accounts.stop();
  });

  const grant = (username: string, password: string, address?: string) =>
    fetch(`${base}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(address ? { "x-forwarded-for": address } : {}) },
      body: new URLSearchParams({ grant_type: "password", client_id: "c", client_secret: "s", username, password }),
    });

  it("answers 400 wrong passwords from one address with 429 JSON after 25, and a right password too until the window ends", async function () {
    this.timeout(120_000);
    const statuses: number[] = [];
    for (let i = 0; i < 400; i++) {
      const res = await grant(`guess${i}@example.com`, "wrong", "203.0.113.7");
      statuses.push(res.status);
      if (i === 0) assert.deepEqual([res.headers.get("x-ratelimit-limit"), res.headers.get("x-ratelimit-remaining")], ["25", "24"]);
      if (res.status === 429) assert.deepEqual(await res.json(), { error: "Too many requests" });
      else await res.body?.cancel();
    }
    assert.deepEqual([statuses.filter((s) => s === 400).length, statuses.filter((s) => s === 429).length], [25, 375]);
    checked = 0;
    const right = await grant("fresh@example.com", RIGHT, "203.0.113.7");
    assert.equal(right.status, 429, "a right password still waits");
    assert.equal(checked, 0, "the password was not even checked");
    assert.equal((await grant("fresh@example.com", RIGHT, "203.0.113.8")).status, 200, "another address has its own allowance");
    clock += 5 * MINUTE;
    assert.equal((await grant("fresh@example.com", RIGHT, "203.0.113.7")).status, 429, "the last 5 minutes still hold the guesses");
    clock += 5 * MINUTE;
    assert.equal((await grant("fresh@example.com", RIGHT, "203.0.113.7")).status, 200, "once they have left the window it opens again");
  });

  it("counts one account's guesses from many addresses, and refuses its right password until the window ends", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 40; i++) statuses.push((await grant("Victim@Example.com", "wrong", `198.51.100.${i}`)).status);
    assert.deepEqual([statuses.filter((s) => s === 400).length, statuses.filter((s) => s === 429).length], [25, 15]);
    assert.equal((await grant("victim@example.com", RIGHT, "198.51.100.200")).status, 429);
    assert.equal((await grant("other@example.com", "wrong", "198.51.100.201")).status, 400, "other accounts are not affected");
    clock += 60 * MINUTE;
    assert.equal((await grant("victim@example.com", RIGHT, "198.51.100.200")).status, 200);
  });

  it("stops guesses at one account that straddle the end of a 30-minute bucket after 25 all the same", async () => {
    clock = (Math.floor(clock / (30 * MINUTE)) + 3) * 30 * MINUTE - 1_000;
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) {
      // Twenty in the last second of one bucket, ten in the first seconds of the next.
      if (i === 21) clock += 2_000;
      statuses.push((await grant("straddled@example.com", "wrong", `198.18.0.${i}`)).status);
    }
    assert.deepEqual([statuses.filter((s) => s === 400).length, statuses.filter((s) => s === 429).length], [25, 5]);
    clock += 28 * MINUTE;
    assert.equal((await grant("straddled@example.com", RIGHT, "198.18.1.1")).status, 429, "the guesses of the last 30 minutes still count");
    clock += 30 * MINUTE;
    assert.equal((await grant("straddled@example.com", RIGHT, "198.18.1.1")).status, 200);
  });

  it("counts IPv6 clients by their /64, through the proxy header", async () => {
    clock += 30 * MINUTE;
    for (let i = 1; i <= 25; i++) assert.equal((await grant(`v6-${i}@example.com`, "wrong", `2001:db8:1:2::${i}`)).status, 400);
    assert.equal((await grant("v6-x@example.com", "wrong", "2001:db8:1:2:ffff::1")).status, 429, "same /64, another host");
    assert.equal((await grant("v6-y@example.com", "wrong", "2001:db8:1:3::1")).status, 400, "the next /64 is another client");
  });

  it("throttles a direct client (loopback, no proxy header) too, and never counts right passwords", async () => {
    clock += 30 * MINUTE;
    for (let i = 0; i < 30; i++) assert.equal((await grant(`ok${i}@example.com`, RIGHT)).status, 200, "right passwords use no allowance");
    for (let i = 0; i < 25; i++) assert.equal((await grant(`direct${i}@example.com`, "wrong")).status, 400);
    assert.equal((await grant("direct@example.com", "wrong")).status, 429);
  });

  it("counts wrong passwords on the password confirmation pages per client", async () => {
    clock += 30 * MINUTE;
    const confirm = (password: string) =>
      fetch(`${base}/settings/delete`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "192.0.2.44" }, body: new URLSearchParams({ password }) });
    for (let i = 0; i < 25; i++) assert.equal((await confirm("wrong")).status, 422);
    assert.equal((await confirm(RIGHT)).status, 429);
  });

  it("counts the sign-in form's attempts by address and e-mail, and leaves other grants alone", async () => {
    clock += 30 * MINUTE;
    const signIn = (email: string, password: string) =>
      fetch(`${base}/auth/sign_in`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "192.0.2.9" }, body: new URLSearchParams({ email, password }) });
    for (let i = 0; i < 25; i++) assert.equal((await signIn("form@example.com", "wrong")).status, 401);
    const refused = await signIn("form@example.com", RIGHT);
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get("x-ratelimit-remaining"), "0");
    const other = await fetch(`${base}/oauth/token`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.9" }, body: JSON.stringify({ grant_type: "client_credentials" }) });
    assert.notEqual(other.status, 429, "only password grants are counted");
  });
});
