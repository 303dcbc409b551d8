import assert from "node:assert/strict";
import express from "express";
import { serveApp } from "../../../test/fixtures/serve-app.ts";
import { createEmbeddedStore } from "@starling/kv";
import { TEST_SECRET, startAccountsFixture, type RunningAccounts } from "../../../test/fixtures/accounts-server.ts";
import { bearerToken, TokenResolver } from "../authenticate.ts";
import { rateLimiter } from "./rate-limiter.ts";
import { THROTTLES } from "./throttles.ts";

const THIRTY_MINUTES = 30 * 60_000;

describe("rate limiter with Mastodon's throttle table", () => {
  let accounts: RunningAccounts;
  let close: () => Promise<void>;
  let base: string;
  let clock = Date.parse("2026-11-21T10:00:00Z");

  before(async () => {
    accounts = await startAccountsFixture({
      tokens: {
        alice: { tokenId: "t1", appId: "a1", accountId: "1", scopes: ["write"] },
        bob: { tokenId: "t2", appId: "a1", accountId: "2", scopes: ["write"] },
      },
    });
    const tokens = new TokenResolver(accounts.clients, 60_000, TEST_SECRET);
    const app = express();
    // As in the gateway: a proxy on loopback tells the client address in X-Forwarded-For.
    app.set("trust proxy", "loopback");
    app.use(
      rateLimiter({
        kv: createEmbeddedStore(),
        throttles: THROTTLES,
        safelist: ["127.0.0.1", "::1"],
        now: () => clock,
        userIdOf: async (req) => {
          const token = bearerToken(req);
          return token ? tokens.resolve(token).then((v) => v.accountId, () => undefined) : undefined;
        },
      }),
    );
    app.all("/{*rest}", (_req, res) => void res.json({}));
    ({ url: base, close } = await serveApp(app));
  });
  after(async () => {
    await close();
    await accounts.stop();
  });

  const signUp = (address: string) => fetch(`${base}/api/v1/accounts`, { method: "POST", headers: { "X-Forwarded-For": address } });
  const deleteStatus = (token: string) => fetch(`${base}/api/v1/statuses/1`, { method: "DELETE", headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": "198.51.100.1" } });

  it("allows five sign-ups per address in 30 minutes and answers the sixth with 429 JSON and headers", async () => {
    for (let i = 1; i <= 5; i++) {
      const ok = await signUp("203.0.113.10");
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get("x-ratelimit-limit"), "5");
      assert.equal(ok.headers.get("x-ratelimit-remaining"), String(5 - i));
    }
    const refused = await signUp("203.0.113.10");
    assert.equal(refused.status, 429);
    assert.deepEqual(await refused.json(), { error: "Too many requests" });
    assert.equal(refused.headers.get("x-ratelimit-remaining"), "0");
    assert.match(refused.headers.get("x-ratelimit-reset") ?? "", /^2026-11-21T10:30:00\.000000Z$/);
    assert.equal((await signUp("203.0.113.11")).status, 200, "another address has its own counter");
  });

  it("counts IPv6 clients by their /64", async () => {
    for (let i = 0; i < 5; i++) assert.equal((await signUp(`2001:db8:5:6::${i + 1}`)).status, 200);
    assert.equal((await signUp("2001:db8:5:6:ffff::9")).status, 429, "same /64, other host");
    assert.equal((await signUp("2001:db8:5:7::1")).status, 200, "the next /64 is another client");
  });

  it("opens again when the fixed window ends", async () => {
    clock += THIRTY_MINUTES;
    assert.equal((await signUp("203.0.113.10")).status, 200);
  });

  it("keys user throttles by account, whatever the address", async () => {
    for (let i = 0; i < 30; i++) assert.equal((await deleteStatus("alice")).status, 200);
    const refused = await deleteStatus("alice");
    assert.equal(refused.status, 429);
    assert.equal((await deleteStatus("bob")).status, 200);
  });

  it("never throttles the safelisted loopback address", async () => {
    for (let i = 0; i < 8; i++) assert.equal((await fetch(`${base}/api/v1/accounts`, { method: "POST" })).status, 200);
  });
});
