import assert from "node:assert/strict";
import { createIdGenerator, dateOfId, idFloorForDate } from "./ids.ts";

/** A clock the test moves by hand. */
function manualClock(start: number) {
  const clock = { ms: start, now: () => clock.ms };
  return clock;
}

const increasing = (ids: string[]) => ids.every((id, i) => i === 0 || BigInt(id) > BigInt(ids[i - 1]!));

describe("ids", () => {
  const t0 = Date.UTC(2024, 4, 1, 12, 0, 0, 0);

  it("are decimal strings that sort by the time they were made", () => {
    const clock = manualClock(t0);
    const next = createIdGenerator(clock.now);
    const early = next();
    clock.ms += 1;
    const later = next();
    clock.ms += 60_000;
    const latest = next();
    for (const id of [early, later, latest]) assert.match(id, /^\d+$/);
    assert.ok(increasing([early, later, latest]));
    // Same length for present-day times, so a plain string sort agrees with the numeric one.
    assert.deepEqual([latest, early, later].sort(), [early, later, latest]);
  });

  it("are strictly increasing when several are made in the same millisecond", () => {
    const next = createIdGenerator(() => t0);
    const ids = Array.from({ length: 10 }, () => next());
    assert.ok(increasing(ids));
  });

  it("carry their creation time, which dateOfId reads back", () => {
    const next = createIdGenerator(() => t0);
    assert.equal(dateOfId(next()).getTime(), t0);
    assert.equal(dateOfId(next()).getTime(), t0);
  });

  it("stay unique and ordered past 1024 ids in one millisecond by borrowing the next millisecond", () => {
    const next = createIdGenerator(() => t0);
    const ids = Array.from({ length: 3000 }, () => next());
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(increasing(ids));
    assert.equal(dateOfId(ids[1023]!).getTime(), t0);
    assert.equal(dateOfId(ids[1024]!).getTime(), t0 + 1);
  });

  it("keep increasing when the clock steps backwards", () => {
    const clock = manualClock(t0);
    const next = createIdGenerator(clock.now);
    const before = next();
    clock.ms -= 5_000;
    const after = next();
    assert.ok(BigInt(after) > BigInt(before));
  });

  it("are never below the floor of their creation date, and the floor is above every earlier id", () => {
    const clock = manualClock(t0 - 1);
    const next = createIdGenerator(clock.now);
    const earlier = next();
    clock.ms = t0;
    const made = next();
    const floor = BigInt(idFloorForDate(new Date(t0)));
    assert.ok(BigInt(made) >= floor);
    assert.ok(BigInt(earlier) < floor);
    assert.equal(dateOfId(idFloorForDate(new Date(t0))).getTime(), t0);
  });
});
