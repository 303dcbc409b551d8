/** Contract section: publish/subscribe. */
import assert from "node:assert/strict";
import type { ContractContext } from "./contract.ts";
import { waitFor } from "@starling/testkit";

const DELIVERY = { timeoutMs: 3_000, intervalMs: 10 };

/** Registers the pub/sub tests. */
export function describePubSubContract({ store }: ContractContext): void {
  describe("pub/sub", function () {
    it("every handler on a channel receives each message, and an unsubscribed one no longer does", async function () {
      const first: string[] = [];
      const second: string[] = [];
      const stopFirst = await store().subscribe("timeline:home:1", (message) => first.push(message));
      await store().subscribe("timeline:home:1", (message) => second.push(message));
      await store().publish("timeline:home:1", "one");
      await waitFor(() => first.length === 1 && second.length === 1, { ...DELIVERY, what: "both handlers" });

      await stopFirst();
      await stopFirst();
      await store().publish("timeline:home:1", "two");
      await waitFor(() => second.length === 2, { ...DELIVERY, what: "remaining handler" });
      assert.deepEqual(first, ["one"]);
      assert.deepEqual(second, ["one", "two"]);
    });

    it("messages arrive in publish order and only on their own channel", async function () {
      const received: string[] = [];
      await store().subscribe("a", (message) => received.push(message));
      for (const message of ["1", "2", "3"]) await store().publish("a", message);
      await store().publish("b", "elsewhere");
      await store().publish("a", "last");
      await waitFor(() => received.includes("last"), { ...DELIVERY, what: "last message" });
      assert.deepEqual(received, ["1", "2", "3", "last"]);
    });

    it("delivery never happens synchronously inside publish", async function () {
      const received: string[] = [];
      await store().subscribe("c", (message) => received.push(message));
      const publishing = store().publish("c", "hello");
      assert.deepEqual(received, []);
      await publishing;
      await waitFor(() => received.length === 1, { ...DELIVERY, what: "delivery" });
    });

    it("a channel whose last handler left can be subscribed again", async function () {
      const received: string[] = [];
      const stop = await store().subscribe("d", () => received.push("old"));
      await stop();
      await store().subscribe("d", (message) => received.push(message));
      await store().publish("d", "new");
      await waitFor(() => received.length > 0, { ...DELIVERY, what: "delivery after resubscribe" });
      assert.deepEqual(received, ["new"]);
    });

    it("a handler that throws is reported and does not stop delivery to the others", async function () {
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on("warning", onWarning);
      try {
        const received: string[] = [];
        await store().subscribe("e", () => {
          throw new Error("handler bug (expected by this test)");
        });
        await store().subscribe("e", (message) => received.push(message));
        await store().publish("e", "survives");
        await waitFor(() => received.length === 1 && warnings.length > 0, { ...DELIVERY, what: "delivery and warning" });
        assert.match(warnings[0]!, /handler bug/);
      } finally {
        process.off("warning", onWarning);
      }
    });
  });
}
