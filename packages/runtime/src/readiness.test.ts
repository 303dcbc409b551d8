import assert from "node:assert/strict";
import { Readiness } from "./readiness.ts";

describe("readiness", () => {
  it("is ready with every check ok when all dependencies answer", async () => {
    const readiness = new Readiness();
    readiness.add("database", async () => {});
    readiness.add("kafka", async () => {});
    assert.deepEqual(await readiness.evaluate(), { ready: true, checks: { database: "ok", kafka: "ok" } });
  });

  it("is not ready when a check fails, and names the reason", async () => {
    const readiness = new Readiness();
    readiness.add("database", async () => {});
    readiness.add("redis", async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:6379");
    });
    const report = await readiness.evaluate();
    assert.equal(report.ready, false);
    assert.deepEqual(report.checks, { database: "ok", redis: "connect ECONNREFUSED 127.0.0.1:6379" });
  });

  it("stays ready when an advisory check fails, reporting it as a warning", async () => {
    const readiness = new Readiness();
    readiness.add("database", async () => {});
    const missing = async () => {
      throw new Error("ffmpeg not found");
    };
    readiness.add("media tools", missing, { advisory: true });
    assert.deepEqual(await readiness.evaluate(), { ready: true, checks: { database: "ok", "media tools": "ffmpeg not found" }, warnings: ["media tools"] });
  });

  it("is not ready when a check never answers, and reports the timeout", async () => {
    const readiness = new Readiness();
    readiness.add("peer", () => new Promise<void>(() => {}));
    const started = Date.now();
    const report = await readiness.evaluate(50);
    assert.ok(Date.now() - started < 2_000);
    assert.equal(report.ready, false);
    assert.equal(report.checks.peer, "no answer within 50 ms");
  });

  it("is not ready once drained, even with healthy dependencies", async () => {
    const readiness = new Readiness();
    readiness.add("database", async () => {});
    assert.equal((await readiness.evaluate()).ready, true);
    readiness.drain();
    const report = await readiness.evaluate();
    assert.equal(report.ready, false);
    assert.equal(report.checks.shutdown, "draining");
  });
});
