import assert from "node:assert/strict";
import { createEmbeddedBus, encodePayload, newEnvelope, TOPICS, type EventType, type PayloadOf } from "@starling/events";
import { waitFor } from "@starling/testkit";
import type { Clients } from "../clients/gateway-clients.ts";
import { TokenResolver } from "../http/authenticate.ts";
import { startTokenRevocationsConsumer } from "./token-revocations-consumer.ts";

// An accounts service that knows two tokens of one account and one of another, counting lookups.
function accountsKnowing(lookups: string[]): Clients {
  const owners: Record<string, { tokenId: string; accountId: string; role: { id: string; name: string; permissions: number; position: number } }> = {
    a: { tokenId: "1", accountId: "10", role: { id: "7", name: "Reports", permissions: 16, position: 5 } },
    b: { tokenId: "2", accountId: "10", role: { id: "7", name: "Reports", permissions: 16, position: 5 } },
    c: { tokenId: "3", accountId: "20", role: { id: "-99", name: "", permissions: 65536, position: -1 } },
  };
  const authenticate = async ({ accessToken }: { accessToken: string }) => {
    lookups.push(accessToken);
    return { ...owners[accessToken]!, appId: "5", appName: "app", scopes: ["read"] };
  };
  return { accounts: { authenticate } } as unknown as Clients;
}

const event = <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) => newEnvelope({ type, source: "accounts", key, payload: encodePayload(type, payload) });

describe("token revocations consumer", () => {
  it("drops a revoked token, and every token of a suspended or deleted account, from the cache at once", async () => {
    const bus = createEmbeddedBus();
    const lookups: string[] = [];
    // A cache of a minute: anything asked again within the test was dropped by an event.
    const tokens = new TokenResolver(accountsKnowing(lookups), 60_000, "s".repeat(32));
    const consumer = await startTokenRevocationsConsumer(bus, tokens);
    try {
      for (const token of ["a", "b", "c"]) await tokens.resolve(token);
      await bus.publish(TOPICS.accounts, [event("token.revoked", "10", { tokenId: "1", accountId: "10" })]);
      await waitFor(async () => (await tokens.resolve("a"), lookups.filter((t) => t === "a").length === 2), { what: "token a looked up again" });
      await tokens.resolve("b");
      assert.deepEqual(lookups, ["a", "b", "c", "a"], "only the revoked token was dropped");
      await bus.publish(TOPICS.accounts, [event("account.suspended", "20", { accountId: "20", suspendedAt: new Date() })]);
      await waitFor(async () => (await tokens.resolve("c"), lookups.filter((t) => t === "c").length === 2), { what: "the suspended account's token looked up again" });
      await bus.publish(TOPICS.accounts, [event("account.deleted", "10", { accountId: "10", username: "x" })]);
      await waitFor(async () => (await tokens.resolve("b"), lookups.filter((t) => t === "b").length === 2), { what: "the deleted account's tokens looked up again" });
    } finally {
      await consumer.stop();
      await bus.close();
    }
  });

  it("drops the cached tokens of a role's holders when the role changes, and of an account given another role", async () => {
    const bus = createEmbeddedBus();
    const lookups: string[] = [];
    const tokens = new TokenResolver(accountsKnowing(lookups), 60_000, "s".repeat(32));
    const closed: unknown[] = [];
    tokens.onForget((match) => closed.push(match));
    const consumer = await startTokenRevocationsConsumer(bus, tokens);
    try {
      for (const token of ["a", "b", "c"]) await tokens.resolve(token);
      await bus.publish(TOPICS.accounts, [event("role.updated", "7", { roleId: "7" })]);
      await waitFor(async () => (await tokens.resolve("a"), lookups.filter((t) => t === "a").length === 2), { what: "the role holder's token looked up again" });
      await tokens.resolve("b");
      await tokens.resolve("c");
      assert.deepEqual(lookups, ["a", "b", "c", "a", "b"], "only the role's holders were dropped");
      await bus.publish(TOPICS.accounts, [event("account.role_changed", "20", { accountId: "20", roleId: "7" })]);
      await waitFor(async () => (await tokens.resolve("c"), lookups.filter((t) => t === "c").length === 2), { what: "the account's token looked up again" });
      assert.deepEqual(closed, [], "a role change closes no stream");
    } finally {
      await consumer.stop();
      await bus.close();
    }
  });
});
