import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Strike } from "@starling/proto/moderation/v1/account_actions";
import type { Clients } from "../clients/gateway-clients.ts";
import { appealStrikeFromPage, showStrikes } from "./strikes-pages.ts";
import { serveSettingsPages, type SettingsPagesServer } from "../../test/fixtures/settings-pages-server.ts";

const DAY = 24 * 60 * 60 * 1000;
type Call = [string, Record<string, unknown>, string];

const strike = (id: string, fields: Partial<Strike>): Strike => ({
  id, targetAccountId: "7", accountId: "1", action: "none", text: "", reportId: undefined, statusIds: [], createdAt: new Date(Date.now() - DAY), overruledAt: undefined,
  appeal: undefined, appealDeadline: new Date(Date.now() + 19 * DAY), ...fields,
});

/** The moderation service as the page sees it: the user's strikes, and appeals recorded (a second one refused as the service does). */
function fakeClients(strikes: Strike[], calls: Call[]) {
  const api = {
    listStrikes: async (request: Record<string, unknown>, options: { viewerToken: string }) => {
      calls.push(["listStrikes", request, options.viewerToken]);
      return { strikes };
    },
    appealStrike: async (request: { strikeId: string; text: string }, options: { viewerToken: string }) => {
      calls.push(["appealStrike", request, options.viewerToken]);
      const target = strikes.find((s) => s.id === request.strikeId);
      if (target?.appeal) throw Object.assign(new Error("refused"), { code: GrpcStatus.FAILED_PRECONDITION, details: "Validation failed: this decision has already been appealed" });
      const appeal = { id: "90", strikeId: request.strikeId, accountId: "7", text: request.text, state: "pending", createdAt: new Date(), resolvedAt: undefined, resolvedByAccountId: undefined };
      if (target) target.appeal = appeal;
      return appeal;
    },
  };
  return { strikes: api } as unknown as Clients;
}

describe("strikes settings page", () => {
  const strikes = [
    strike("31", { action: "suspend", text: "Spam <b>links</b>" }),
    strike("30", { action: "silence", createdAt: new Date(Date.now() - 25 * DAY), appealDeadline: new Date(Date.now() - 5 * DAY) }),
  ];
  const calls: Call[] = [];
  let pages: SettingsPagesServer;

  before(async () => {
    pages = await serveSettingsPages(fakeClients(strikes, calls), (app, deps) => {
      app.get("/settings/strikes", showStrikes(deps));
      app.post("/settings/strikes/:id/appeal", appealStrikeFromPage(deps));
    });
  });
  after(() => pages.close());

  const get = async () => (await fetch(`${pages.url}/settings/strikes`, { headers: { cookie: pages.cookie } })).text();
  const appeal = (id: string, body: string) =>
    fetch(`${pages.url}/settings/strikes/${id}/appeal`, { method: "POST", redirect: "manual", headers: { cookie: pages.cookie, "content-type": "application/x-www-form-urlencoded" }, body });

  it("lists the user's strikes with the moderators' text, escaped, and an appeal form only while the 20 days last", async () => {
    const text = await get();
    assert.match(text, /Account suspended, \d{4}-\d{2}-\d{2}/);
    assert.match(text, /Spam &lt;b&gt;links&lt;\/b&gt;/);
    assert.match(text, /action="\/settings\/strikes\/31\/appeal"/);
    assert.doesNotMatch(text, /action="\/settings\/strikes\/30\/appeal"/);
    assert.match(text, /The time to appeal this decision has passed\./);
    assert.deepEqual(calls.at(-1), ["listStrikes", { page: { limit: 40 } }, "viewer-of-7"]);
  });

  it("sends an appeal with the session's CSRF token, shows it as pending, and shows the refusal of a second one", async () => {
    assert.equal((await appeal("31", "text=mine")).status, 422, "no CSRF token");
    assert.equal(calls.some(([method]) => method === "appealStrike"), false);
    const sent = await appeal("31", `authenticity_token=${encodeURIComponent(pages.csrf)}&text=${encodeURIComponent("It was a quote")}`);
    assert.deepEqual([sent.status, sent.headers.get("location")], [303, "/settings/strikes?appealed=1"]);
    assert.deepEqual(calls.at(-1), ["appealStrike", { strikeId: "31", text: "It was a quote" }, "viewer-of-7"]);
    assert.match(await get(), /Appealed on \d{4}-\d{2}-\d{2}: pending\./);
    const again = await appeal("31", `authenticity_token=${encodeURIComponent(pages.csrf)}&text=again`);
    assert.equal(again.status, 422);
    assert.match(await again.text(), /already been appealed/);
  });
});
