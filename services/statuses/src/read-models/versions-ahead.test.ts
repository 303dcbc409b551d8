import assert from "node:assert/strict";
import { createEmbeddedStore } from "@starling/kv";
import { readVersionAhead, versionOf } from "./versions-ahead.ts";

describe("versions read ahead for one call", () => {
  const kv = createEmbeddedStore();
  after(() => kv.close());

  it("gives the call the version as it was read ahead, and any other caller the current one", async () => {
    const call = {};
    readVersionAhead(kv, call, "v:alice");
    await kv.incr("v:alice");
    assert.equal(await versionOf(kv, "v:alice", call), "0", "read before the change, as the call started");
    assert.equal(await versionOf(kv, "v:alice", {}), "1", "another call reads afresh");
    assert.equal(await versionOf(kv, "v:alice", undefined), "1", "no call, no read ahead");
  });

  it("reads afresh a key the call did not read ahead", async () => {
    const call = {};
    readVersionAhead(kv, call, "v:bob");
    await kv.incr("v:carol");
    assert.equal(await versionOf(kv, "v:carol", call), "1");
  });

  it("keeps a failed read ahead to the caller that awaits it, without an unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    const failing = { ...kv, get: () => Promise.reject(new Error("store down")) };
    const call = {};
    try {
      readVersionAhead(failing, call, "v:dave");
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(unhandled, []);
      await assert.rejects(versionOf(failing, "v:dave", call), /store down/);
    } finally {
      process.off("unhandledRejection", record);
    }
  });
});
