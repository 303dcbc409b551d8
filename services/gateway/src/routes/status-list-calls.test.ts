import assert from "node:assert/strict";
import type { Status, StatusPage } from "@starling/proto/statuses/v1/statuses";
import { accountFixture, testConfig } from "../../test/fixtures/accounts-server.ts";
import type { Clients } from "../clients/gateway-clients.ts";
import type { RouteContext } from "../http/route.ts";
import { ROUTES } from "./route-table.ts";

const alice = accountFixture({ id: "1", username: "alice" });
const status = (id: string, extra: Partial<Status> = {}): Status => ({
  id, uri: `https://example.test/statuses/${id}`, accountId: "1", content: "<p>hi</p>", text: "hi", spoilerText: "", visibility: "public", sensitive: false,
  createdAt: new Date("2024-01-01T00:00:00Z"), editedAt: undefined, repliesCount: 0, reblogsCount: 0, favouritesCount: 0, application: undefined,
  local: true, mediaIds: [], mentionedAccountIds: ["1"], tags: [], emojiShortcodes: [], filtered: [], ...extra,
});
// A page showing everything a status can show, so a presenter that fetched any of it itself would call out.
const page: StatusPage = {
  statuses: [status("3", { reblogOfId: "2", reblog: status("2", { pollId: "9", cardId: "8", mediaIds: ["7"] }) }), status("1")],
  accounts: [alice],
  media: [],
  polls: [],
  cards: [],
  emojis: [],
};

// What each upstream method answers; any other call is recorded and answered empty.
const answers: Record<string, unknown> = {
  "timelines.getHomeTimeline": { statusIds: ["3", "1"] },
  "timelines.getPublicTimeline": { statusIds: ["3", "1"] },
  "lists.getListTimeline": { statusIds: ["3", "1"] },
  "tags.getTagTimeline": { statusIds: ["3", "1"] },
  "statuses.getStatusPage": page,
  "statuses.getStatusContext": { ancestorIds: ["3"], descendantIds: ["1"], page },
  "interactions.listFavourites": { page },
  "interactions.listBookmarks": { page },
  "interactions.listAccountStatuses": { page },
  "interactions.listPinnedStatuses": { page },
};

/** Clients of every service that record each call as `service.method`. */
function recordingClients(calls: string[]): Clients {
  const client = (service: string) =>
    new Proxy({}, { get: (_, method: string) => async () => (calls.push(`${service}.${method}`), answers[`${service}.${method}`] ?? {}) });
  return new Proxy({}, { get: (_, service: string) => client(service) }) as Clients;
}

async function callsOf(method: string, path: string, params: Record<string, string> = {}): Promise<{ calls: string[]; rendered: unknown }> {
  const route = ROUTES.find((r) => r.method === method && r.path === path);
  assert.ok(route, `${method} ${path} is in the route table`);
  const calls: string[] = [];
  const ctx: RouteContext = { config: testConfig(), clients: recordingClients(calls), viewer: { accountId: "1", scopes: ["read"] } as RouteContext["viewer"], viewerToken: "signed", baseUrl: "https://example.test", headers: {} };
  const result = await route.call(ctx, route.input.parse(params));
  const rendered = route.present ? await route.present(ctx, result) : result;
  return { calls, rendered };
}

describe("one hydration call per status list", () => {
  const lists: [string, string, Record<string, string>, string[]][] = [
    ["get", "/api/v1/timelines/home", {}, ["timelines.getHomeTimeline", "statuses.getStatusPage"]],
    ["get", "/api/v1/timelines/public", {}, ["timelines.getPublicTimeline", "statuses.getStatusPage"]],
    ["get", "/api/v1/timelines/list/:list_id", { list_id: "5" }, ["lists.getListTimeline", "statuses.getStatusPage"]],
    ["get", "/api/v1/timelines/tag/:hashtag", { hashtag: "cats" }, ["tags.getTagTimeline", "statuses.getStatusPage"]],
    ["get", "/api/v1/accounts/:id/statuses", { id: "1" }, ["interactions.listAccountStatuses"]],
    ["get", "/api/v1/accounts/:id/statuses", { id: "1", pinned: "true" }, ["interactions.listPinnedStatuses"]],
    ["get", "/api/v1/favourites", {}, ["interactions.listFavourites"]],
    ["get", "/api/v1/bookmarks", {}, ["interactions.listBookmarks"]],
    ["get", "/api/v1/statuses/:id/context", { id: "1" }, ["statuses.getStatusContext"]],
    ["get", "/api/v1/statuses/:id", { id: "1" }, ["statuses.getStatusPage"]],
  ];
  for (const [method, path, params, expected] of lists) {
    it(`${method.toUpperCase()} ${path} ${JSON.stringify(params)} makes exactly ${expected.join(" then ")}`, async () => {
      const { calls, rendered } = await callsOf(method, path, params);
      assert.deepEqual(calls, expected);
      assert.ok(JSON.stringify(rendered).includes('"reblog":{"id":"2"'), "the page was rendered, reblog included");
    });
  }
});
