/** Contract section: sorted sets, including capped feeds and lexicographic ranges. */
import assert from "node:assert/strict";
import type { ContractContext } from "./contract.ts";
import type { KeyValueStore } from "./key-value-store.ts";
import { waitFor } from "@starling/testkit";

/** Registers the sorted-set tests. */
export function describeSortedSetContract({ store }: ContractContext): void {
  const add = (key: string, scores: Record<string, number>) =>
    store().zadd(key, Object.entries(scores).map(([member, score]) => ({ member, score })));
  const members = async (key: string, order: "asc" | "desc" = "asc") =>
    (await store().zrangeByScore(key, { order })).map((entry) => entry.member);

  describe("sorted sets", function () {
    it("orders members by score, then ties by UTF-8 bytes as Redis does", async function () {
      // "😀" starts with a surrogate (below "～" in UTF-16) but its UTF-8 bytes sort after "～".
      await add("z", { b: 1, a: 1, B: 1, "ä": 1, "😀": 1, "～": 1, low: 0 });
      assert.deepEqual(await members("z"), ["low", "B", "a", "b", "ä", "～", "😀"]);
    });

    it("zadd updates the score of an existing member without duplicating it", async function () {
      await add("z", { a: 1, b: 2 });
      await add("z", { a: 3 });
      assert.equal(await store().zcard("z"), 2);
      assert.equal(await store().zscore("z", "a"), 3);
      assert.deepEqual(await members("z"), ["b", "a"]);
    });

    it("zscore and zcard answer null and zero for what does not exist", async function () {
      await add("z", { a: 1 });
      assert.equal(await store().zscore("z", "missing"), null);
      assert.equal(await store().zscore("missing", "a"), null);
      assert.equal(await store().zcard("missing"), 0);
    });

    it("keeps fractional, large and infinite scores exactly", async function () {
      const scores = { tiny: 0.1 + 0.2, big: 2 ** 53 - 1, neg: -1.5e-7, top: Infinity, bottom: -Infinity };
      await add("z", scores);
      const read = await store().zrangeByScore("z", { order: "asc" });
      assert.deepEqual(read, [
        { member: "bottom", score: -Infinity },
        { member: "neg", score: -1.5e-7 },
        { member: "tiny", score: 0.1 + 0.2 },
        { member: "big", score: 2 ** 53 - 1 },
        { member: "top", score: Infinity },
      ]);
    });

    it("zrangeByScore honours inclusive and exclusive bounds", async function () {
      await add("z", { a: 1, b: 2, c: 3, d: 4, e: 5 });
      const range = async (query: Parameters<KeyValueStore["zrangeByScore"]>[1]) =>
        (await store().zrangeByScore("z", query)).map((entry) => entry.member);
      assert.deepEqual(await range({ min: 2, max: 4, order: "asc" }), ["b", "c", "d"]);
      assert.deepEqual(await range({ min: 2, max: 4, minExclusive: true, maxExclusive: true, order: "asc" }), ["c"]);
      assert.deepEqual(await range({ min: 4, order: "asc" }), ["d", "e"]);
      assert.deepEqual(await range({ max: 1, order: "asc" }), ["a"]);
      assert.deepEqual(await range({ min: 4, max: 2, order: "asc" }), []);
    });

    it("zrangeByScore pages descending from an exclusive max with offset and count", async function () {
      await add("timeline", { s1: 1, s2: 2, s3: 3, s4: 4, s5: 5, s6: 6 });
      const page = await store().zrangeByScore("timeline", { max: 5, maxExclusive: true, order: "desc", count: 2 });
      assert.deepEqual(page, [{ member: "s4", score: 4 }, { member: "s3", score: 3 }]);
      const skipped = await store().zrangeByScore("timeline", { min: 2, order: "desc", offset: 1, count: 3 });
      assert.deepEqual(skipped.map((entry) => entry.member), ["s5", "s4", "s3"]);
      const rest = await store().zrangeByScore("timeline", { order: "asc", offset: 4 });
      assert.deepEqual(rest.map((entry) => entry.member), ["s5", "s6"]);
    });

    it("zrem counts the members present and deletes the set it empties", async function () {
      await add("z", { a: 1, b: 2 });
      assert.equal(await store().zrem("z", ["a", "missing"]), 1);
      assert.equal(await store().zrem("z", []), 0);
      assert.equal(await store().zrem("z", ["b"]), 1);
      assert.equal(await store().setIfAbsent("z", "now a string"), true);
    });

    it("zaddCapped keeps only the maxSize highest-scoring members", async function () {
      const feed = (scores: Record<string, number>) =>
        store().zaddCapped("home", Object.entries(scores).map(([member, score]) => ({ member, score })), 3);
      await feed({ s1: 1, s2: 2, s3: 3, s4: 4, s5: 5 });
      assert.deepEqual(await members("home", "desc"), ["s5", "s4", "s3"]);
      await feed({ s0: 0 });
      assert.deepEqual(await members("home", "desc"), ["s5", "s4", "s3"]);
      await feed({ s9: 9 });
      assert.deepEqual(await members("home", "desc"), ["s9", "s5", "s4"]);
    });

    it("zaddCappedMany adds to and trims each set on its own", async function () {
      await add("a", { a1: 1, a2: 2, a3: 3 });
      const entries = (scores: Record<string, number>) => Object.entries(scores).map(([member, score]) => ({ member, score }));
      await store().zaddCappedMany([{ key: "a", entries: entries({ a4: 4 }) }, { key: "b", entries: entries({ b1: 1 }) }, { key: "c", entries: [] }], 3);
      assert.deepEqual(await members("a", "desc"), ["a4", "a3", "a2"]);
      assert.deepEqual(await members("b"), ["b1"]);
      assert.equal(await store().zcard("c"), 0);
      // More members than one ZADD of the Redis script carries.
      await store().zaddCappedMany([{ key: "big", entries: Array.from({ length: 1_200 }, (_, i) => ({ member: `m${i}`, score: i })) }], 1_100);
      assert.equal(await store().zcard("big"), 1_100);
      assert.equal(await store().zscore("big", "m100"), 100);
      assert.equal(await store().zscore("big", "m99"), null);
      await store().zaddCappedMany([], 3);
    });

    it("zaddCapped to zero leaves no key behind", async function () {
      await store().zaddCapped("home", [{ member: "a", score: 1 }], 0);
      assert.equal(await store().zcard("home"), 0);
      assert.equal(await store().setIfAbsent("home", "free"), true);
    });

    it("zrangeByLex follows Redis BYLEX bounds, order and count", async function () {
      await add("tags", { apple: 0, banana: 0, cherry: 0, date: 0, elder: 0 });
      const lex = (query: Parameters<KeyValueStore["zrangeByLex"]>[1]) => store().zrangeByLex("tags", query);
      assert.deepEqual(await lex({ order: "asc" }), ["apple", "banana", "cherry", "date", "elder"]);
      assert.deepEqual(await lex({ min: "banana", max: "date", order: "asc" }), ["banana", "cherry", "date"]);
      assert.deepEqual(await lex({ min: "banana", max: "date", minExclusive: true, maxExclusive: true, order: "asc" }), ["cherry"]);
      assert.deepEqual(await lex({ min: "c", order: "asc", count: 2 }), ["cherry", "date"]);
      assert.deepEqual(await lex({ max: "date", maxExclusive: true, order: "desc", count: 2 }), ["cherry", "banana"]);
      assert.deepEqual(await lex({ min: "b", max: "c", order: "desc" }), ["banana"]);
      assert.deepEqual(await lex({ min: "date", max: "banana", order: "asc" }), []);
    });

    it("zrangeByLex finds members by prefix in byte order", async function () {
      await add("names", { "al": 0, "alice": 0, "alïce": 0, "alz": 0, "bob": 0 });
      const prefixed = await store().zrangeByLex("names", { min: "al", max: "al\u{10FFFF}", order: "asc" });
      assert.deepEqual(prefixed, ["al", "alice", "alz", "alïce"]);
    });

    it("zremRangeByRank follows Redis index rules including negative indexes", async function () {
      await add("z", { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 });
      assert.equal(await store().zremRangeByRank("z", -2, -1), 2);
      assert.deepEqual(await members("z"), ["a", "b", "c", "d"]);
      assert.equal(await store().zremRangeByRank("z", 3, 1), 0);
      assert.equal(await store().zremRangeByRank("z", 10, 20), 0);
      assert.equal(await store().zremRangeByRank("z", -100, 0), 1);
      assert.equal(await store().zremRangeByRank("z", 1, 100), 2);
      assert.deepEqual(await members("z"), ["b"]);
      assert.equal(await store().zremRangeByRank("missing", 0, -1), 0);
    });

    it("zincrby creates a member at zero and adds to its score", async function () {
      assert.equal(await store().zincrby("trends", 1, "#fediverse"), 1);
      assert.equal(await store().zincrby("trends", 2.5, "#fediverse"), 3.5);
      assert.equal(await store().zincrby("trends", -4, "#fediverse"), -0.5);
      assert.equal(await store().zscore("trends", "#fediverse"), -0.5);
    });

    it("sorted-set commands on a string key reject with WRONGTYPE", async function () {
      await store().set("s", "1");
      await assert.rejects(store().zadd("s", [{ score: 1, member: "m" }]), /WRONGTYPE/);
      await assert.rejects(store().zrangeByScore("s", { order: "asc" }), /WRONGTYPE/);
    });

    it("a sorted set keeps its expiry across writes and expires like any key", async function () {
      await add("z", { a: 1 });
      assert.equal(await store().expire("z", 150), true);
      await add("z", { b: 2 });
      assert.notEqual(await store().ttlMs("z"), null);
      await waitFor(async () => (await store().zcard("z")) === 0, { timeoutMs: 3_000, intervalMs: 20, what: "set expiry" });
    });
  });
}
