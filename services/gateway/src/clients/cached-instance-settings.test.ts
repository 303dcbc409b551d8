import assert from "node:assert/strict";
import { createEmbeddedBus, encodePayload, newEnvelope, TOPICS } from "@starling/events";
import { createLogger } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { testConfig } from "../../test/fixtures/accounts-server.ts";
import { startModerationChangesConsumer } from "../events/moderation-changes-consumer.ts";
import { IpBlockList } from "../http/ip-block-list.ts";
import type { RouteContext } from "../http/route.ts";
import { ROUTES } from "../routes/route-table.ts";
import type { Clients } from "./gateway-clients.ts";
import { cacheInstanceSettings, type CachedInstanceSettings } from "./cached-instance-settings.ts";

const logger = createLogger("test", "silent");
const answers: Record<string, unknown> = {
  "instanceSettings.getInstanceSettings": { trendsEnabled: true, peersVisible: true },
  "federation.listPeers": { domains: ["peer.example"] },
  "trends.listTrendingTags": { tags: [] },
  "trends.listTrendingStatuses": { statuses: [] },
};

/** Upstream clients that record each call as `service.method`, with moderation's settings client behind this replica's copy. */
function clientsCounting(calls: string[]): { clients: Clients; settings: CachedInstanceSettings } {
  const client = (service: string) =>
    new Proxy({}, { get: (_, method: string) => async () => (calls.push(`${service}.${method}`), answers[`${service}.${method}`] ?? {}) });
  const settings = cacheInstanceSettings(client("instanceSettings") as CachedInstanceSettings, { maxAgeMs: 60_000, logger });
  const clients = new Proxy({}, { get: (_, service: string) => (service === "instanceSettings" ? settings : client(service)) }) as Clients;
  return { clients, settings };
}

async function request(clients: Clients, path: string): Promise<void> {
  const route = ROUTES.find((r) => r.method === "get" && r.path === path)!;
  const ctx: RouteContext = { config: testConfig(), clients, viewer: undefined, viewerToken: undefined, baseUrl: "https://example.test", headers: {} };
  await route.call(ctx, route.input.parse({}));
}

describe("instance settings per request", () => {
  it("makes no settings call per request of the trends and peers routes: one read, then again only after a change", async () => {
    const calls: string[] = [];
    const { clients, settings } = clientsCounting(calls);
    const settingsCalls = () => calls.filter((call) => call === "instanceSettings.getInstanceSettings").length;
    for (let i = 0; i < 3; i++) {
      for (const path of ["/api/v1/trends", "/api/v1/trends/statuses", "/api/v1/instance/peers"]) await request(clients, path);
    }
    assert.equal(settingsCalls(), 1, calls.join(", "));
    assert.equal(calls.filter((call) => call === "federation.listPeers").length, 3);
    // A change made through this replica is read back at once.
    await settings.updateInstanceSettings({}, {});
    await request(clients, "/api/v1/trends");
    await request(clients, "/api/v1/instance/peers");
    assert.equal(settingsCalls(), 2);
  });

  it("reads the settings again after moderation announces a change", async () => {
    const bus = createEmbeddedBus();
    const calls: string[] = [];
    const { clients, settings } = clientsCounting(calls);
    const consumer = await startModerationChangesConsumer(bus, { settings, ipBlocks: new IpBlockList(async () => [], 60_000, logger) });
    try {
      await request(clients, "/api/v1/instance/peers");
      const payload = encodePayload("instance_settings.updated", { emailMxCheck: false, updatedAt: new Date() });
      await bus.publish(TOPICS.moderation, [newEnvelope({ type: "instance_settings.updated", source: "moderation", key: "instance", payload })]);
      await waitFor(async () => (await request(clients, "/api/v1/instance/peers"), calls.filter((call) => call === "instanceSettings.getInstanceSettings").length === 2), { what: "the settings read again" });
    } finally {
      await consumer.stop();
      await bus.close();
    }
  });
});
