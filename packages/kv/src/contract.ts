/**
 * The behaviour every {@link KeyValueStore} adapter must share, as one mocha suite. Each adapter's
 * test file runs it; a difference between the embedded store and Redis shows up as a failure here
 * rather than as a bug that only appears in production.
 */
import assert from "node:assert/strict";
import type { KeyValueStore } from "./key-value-store.ts";
import { describePubSubContract } from "./contract-pub-sub.ts";
import { describeSortedSetContract } from "./contract-sorted-sets.ts";
import { describeStringContract } from "./contract-strings.ts";
import { waitFor } from "@starling/testkit";

/** What each contract section gets: the test's fresh store, and a way to open more. */
export interface ContractContext {
  /** The store opened for the current test. */
  store(): KeyValueStore;
  /** Opens one more store, closed after the test. */
  another(): Promise<KeyValueStore>;
}

/**
 * Registers the contract suite under `name`. `make` must return a new, empty store on every call,
 * isolated from every other store it returned (a fresh embedded store, or Redis under a fresh key
 * prefix); the suite closes each store after its test.
 */
export function runKeyValueContract(name: string, make: () => Promise<KeyValueStore>): void {
  describe(`${name} honours the KeyValueStore contract`, function () {
    const context = storePerTest(make);
    describeStringContract(context);
    describeSortedSetContract(context);
    describePubSubContract(context);
    describeLifecycleContract(context);
  });
}

function storePerTest(make: () => Promise<KeyValueStore>): ContractContext {
  let opened: KeyValueStore[] = [];
  beforeEach(async function () {
    opened = [await make()];
  });
  afterEach(async function () {
    await Promise.all(opened.map((store) => store.close()));
  });
  return {
    store: () => opened[0]!,
    async another() {
      const store = await make();
      opened.push(store);
      return store;
    },
  };
}

function describeLifecycleContract(context: ContractContext): void {
  describe("isolation and lifecycle", function () {
    it("stores made separately share neither keys nor channels", async function () {
      const first = context.store();
      const second = await context.another();
      await first.set("shared", "first");
      await first.zadd("feed", [{ score: 1, member: "a" }]);
      assert.equal(await second.get("shared"), null);
      assert.equal(await second.zcard("feed"), 0);

      const received: string[] = [];
      await second.subscribe("news", (message) => received.push(message));
      await first.publish("news", "for the first store only");
      await second.publish("news", "sentinel");
      await waitFor(() => received.includes("sentinel"), { what: "sentinel message", timeoutMs: 3_000 });
      assert.deepEqual(received, ["sentinel"]);
    });

    it("ping resolves while the store is open", async function () {
      await context.store().ping();
    });

    it("operations after close reject instead of hanging", async function () {
      const store = context.store();
      await store.close();
      await assert.rejects(store.get("anything"));
      await assert.rejects(store.ping());
      await assert.rejects(store.subscribe("channel", () => undefined));
    });
  });
}
