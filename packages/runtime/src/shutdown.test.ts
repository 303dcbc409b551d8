import assert from "node:assert/strict";
import { createLogger } from "./logger.ts";
import { SHUTDOWN_PHASES, Shutdown } from "./shutdown.ts";

const logger = createLogger("shutdown-test", "silent");

describe("ordered shutdown", () => {
  it("runs the phases drain, servers, workers, clients, stores, admin in that order whatever the registration order", async () => {
    const shutdown = new Shutdown(logger, 5_000);
    const ran: string[] = [];
    for (const phase of [...SHUTDOWN_PHASES].reverse()) shutdown.add(phase, phase, () => void ran.push(phase));
    await shutdown.run("test");
    assert.deepEqual(ran, ["drain", "servers", "workers", "clients", "stores", "admin"]);
  });

  it("runs the steps of one phase newest first, waiting for each", async () => {
    const shutdown = new Shutdown(logger, 5_000);
    const ran: string[] = [];
    shutdown.add("stores", "database", async () => {
      await Promise.resolve();
      ran.push("database");
    });
    shutdown.add("stores", "redis", async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      ran.push("redis");
    });
    shutdown.add("stores", "kafka", () => void ran.push("kafka"));
    await shutdown.run("test");
    assert.deepEqual(ran, ["kafka", "redis", "database"]);
  });

  it("keeps going when a step throws or rejects", async () => {
    const shutdown = new Shutdown(logger, 5_000);
    const ran: string[] = [];
    shutdown.add("servers", "throws", () => {
      throw new Error("boom");
    });
    shutdown.add("servers", "rejects", () => Promise.reject(new Error("bang")));
    shutdown.add("drain", "first", () => void ran.push("drain"));
    shutdown.add("admin", "last", () => void ran.push("admin"));
    await shutdown.run("test");
    assert.deepEqual(ran, ["drain", "admin"]);
  });

  it("runs every step once and returns the same promise when asked twice", async () => {
    const shutdown = new Shutdown(logger, 5_000);
    let runs = 0;
    shutdown.add("workers", "consumer", () => void (runs += 1));
    const first = shutdown.run("SIGTERM");
    const second = shutdown.run("SIGINT");
    assert.equal(first, second);
    await first;
    await shutdown.run("again");
    assert.equal(runs, 1);
  });
});
