import assert from "node:assert/strict";
import { createLogger } from "@starling/runtime";
import { ReloadedCopy } from "./reloaded-copy.ts";

const logger = createLogger("test", "silent");

describe("ReloadedCopy", () => {
  it("fails a read while it has no copy and no fallback, and tries again on the next read", async () => {
    let answer: () => number = () => {
      throw new Error("owner unreachable");
    };
    const copy = new ReloadedCopy({ load: async () => answer(), maxAgeMs: 60_000, logger, what: "a number" });
    await assert.rejects(copy.get(), /owner unreachable/);
    answer = () => 7;
    assert.equal(await copy.get(), 7);
  });

  it("reads again after a change announced while a load was under way", async () => {
    let value = 1;
    let release: () => void = () => {};
    // Each load reads the value as it is when the load starts, and answers when released.
    const load = () => {
      const read = value;
      return new Promise<number>((resolve) => (release = () => resolve(read)));
    };
    const copy = new ReloadedCopy({ load, maxAgeMs: 60_000, logger, what: "a number" });
    const first = copy.get();
    value = 2;
    copy.invalidate();
    release();
    assert.equal(await first, 1);
    const second = copy.get();
    release();
    assert.equal(await second, 2);
  });

  it("answers a read made after a change from a new load, not from one begun before the change", async () => {
    let value = 1;
    const releases: (() => void)[] = [];
    const load = () => {
      const read = value;
      return new Promise<number>((resolve) => releases.push(() => resolve(read)));
    };
    const copy = new ReloadedCopy({ load, maxAgeMs: 60_000, logger, what: "a number" });
    const before = copy.get();
    value = 2;
    copy.invalidate();
    const after = copy.get();
    assert.equal(releases.length, 2, "the read after the change started a load of its own");
    // The new load ends first; the old one, ending later, must not put its older value back.
    releases[1]!();
    assert.equal(await after, 2);
    releases[0]!();
    await before;
    assert.equal(await copy.get(), 2);
  });
});
