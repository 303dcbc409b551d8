import assert from "node:assert/strict";
import type { Clients } from "../clients/gateway-clients.ts";
import { saveNotificationEmails, showNotificationEmails } from "./notification-emails-pages.ts";
import { serveSettingsPages, type SettingsPagesServer } from "../../test/fixtures/settings-pages-server.ts";

type Call = [string, Record<string, unknown>, string];

/** The accounts service as the page sees it: records every call, keeps the preferences in `state`. */
function fakeClients(state: { types: Record<string, boolean> }, calls: Call[]) {
  const push = {
    getNotificationEmails: async (request: Record<string, unknown>, options: { viewerToken: string }) => {
      calls.push(["getNotificationEmails", request, options.viewerToken]);
      return { types: state.types };
    },
    updateNotificationEmails: async (request: { types: Record<string, boolean> }, options: { viewerToken: string }) => {
      calls.push(["updateNotificationEmails", request, options.viewerToken]);
      return { types: (state.types = request.types) };
    },
  };
  return { push } as unknown as Clients;
}

describe("notification e-mail settings page", () => {
  const state = { types: { mention: true, follow: true, favourite: false } as Record<string, boolean> };
  const calls: Call[] = [];
  let pages: SettingsPagesServer;

  before(async () => {
    pages = await serveSettingsPages(fakeClients(state, calls), (app, deps) => {
      app.get("/settings/preferences/notifications", showNotificationEmails(deps));
      app.post("/settings/preferences/notifications", saveNotificationEmails(deps));
    });
  });
  after(() => pages.close());

  const post = (body: string) => fetch(`${pages.url}/settings/preferences/notifications`, { method: "POST", redirect: "manual", headers: { cookie: pages.cookie, "content-type": "application/x-www-form-urlencoded" }, body });

  it("shows one checkbox per type, checked as the account's preferences say", async () => {
    const res = await fetch(`${pages.url}/settings/preferences/notifications`, { headers: { cookie: pages.cookie } });
    const text = await res.text();
    assert.equal(res.status, 200);
    assert.match(text, /value="mention" checked>/);
    assert.match(text, /value="favourite"> Someone favourited your post/);
    assert.equal(text.match(/type="checkbox"/g)?.length, 10);
    assert.deepEqual(calls.at(-1), ["getNotificationEmails", {}, "viewer-of-7"]);
  });

  it("saves the checked types, all others off, and comes back to the page", async () => {
    const saved = await post(`authenticity_token=${encodeURIComponent(pages.csrf)}&types[]=favourite&types[]=poll`);
    assert.deepEqual([saved.status, saved.headers.get("location")], [303, "/settings/preferences/notifications?saved=1"]);
    assert.deepEqual(calls.at(-1), ["updateNotificationEmails", { types: { favourite: true, poll: true } }, "viewer-of-7"]);
    const none = await post(`authenticity_token=${encodeURIComponent(pages.csrf)}`);
    assert.equal(none.status, 303);
    assert.deepEqual(calls.at(-1), ["updateNotificationEmails", { types: {} }, "viewer-of-7"]);
  });

  it("refuses a form without this session's CSRF token and saves nothing", async () => {
    calls.length = 0;
    assert.equal((await post("types[]=favourite")).status, 422);
    assert.deepEqual(calls, []);
  });
});
