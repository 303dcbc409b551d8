import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { parseSearchQuery } from "./search-query.ts";

const refused = (q: string, message: RegExp) =>
  assert.throws(() => parseSearchQuery(q), (error: { code?: number; message: string }) => error.code === GrpcStatus.INVALID_ARGUMENT && message.test(error.message));

describe("parseSearchQuery", () => {
  it("reads bare words lower-cased and quoted phrases whole", () => {
    const query = parseSearchQuery(`Coffee  "Morning Walk" tea`);
    assert.deepEqual(query.terms, ["coffee", "tea"]);
    assert.deepEqual(query.phrases, ["morning walk"]);
  });

  it("reads from: as a local user, a user@domain, an @-prefixed handle or me", () => {
    assert.deepEqual(parseSearchQuery("from:alice word").from, { username: "alice", domain: undefined });
    assert.deepEqual(parseSearchQuery("from:alice@Remote.Example").from, { username: "alice", domain: "remote.example" });
    assert.deepEqual(parseSearchQuery("from:@bob@localhost:3000").from, { username: "bob", domain: "localhost:3000" });
    assert.deepEqual(parseSearchQuery("from:me").from, { me: true });
    assert.deepEqual(parseSearchQuery("from:alice word").terms, ["word"]);
  });

  it("collects has: and is: values without repeats", () => {
    const query = parseSearchQuery("has:media has:poll has:media has:link is:reply is:Sensitive");
    assert.deepEqual(query.has, ["media", "poll", "link"]);
    assert.deepEqual(query.is, ["reply", "sensitive"]);
    assert.deepEqual(query.terms, []);
  });

  it("reads language: as a lower-case code", () => {
    assert.equal(parseSearchQuery("language:DE bier").language, "de");
  });

  it("reads before: as the start of that UTC day and after: as the start of the next", () => {
    const query = parseSearchQuery("before:2025-03-01 after:2025-02-27");
    assert.equal(query.before?.toISOString(), "2025-03-01T00:00:00.000Z");
    assert.equal(query.after?.toISOString(), "2025-02-28T00:00:00.000Z");
  });

  it("keeps words with a colon that is not an operator, such as a URL, as words", () => {
    assert.deepEqual(parseSearchQuery("https://example.com/a 10:30").terms, ["https://example.com/a", "10:30"]);
  });

  it("refuses an unknown has: or is: value", () => {
    refused("has:video", /has: takes media, poll, link/);
    refused("is:boring", /is: takes reply, sensitive/);
  });

  it("refuses an operator without a value", () => {
    refused("from: word", /from: needs a value/);
    refused("language:", /language: needs a value/);
  });

  it("refuses a malformed handle, language or date", () => {
    refused("from:al!ce", /from: needs a handle/);
    refused("language:english", /language: needs an ISO 639 code/);
    refused("before:yesterday", /before: needs a date/);
    refused("after:2025-02-30", /after: needs a date/);
  });

  it("refuses an unclosed quote and a date range that is empty", () => {
    refused(`"morning walk`, /Unbalanced quote/);
    refused(`say"hi`, /Unbalanced quote/);
    refused("after:2025-03-01 before:2025-03-02", /after: must name a day before before:/);
  });

  it("refuses an operator given twice where only one can hold", () => {
    refused("from:alice from:bob", /from: may appear only once/);
    refused("language:en language:de", /language: may appear only once/);
  });

  it("refuses a query with too many words, too long, or with control characters", () => {
    refused(Array.from({ length: 33 }, (_, i) => `w${i}`).join(" "), /at most 32/);
    refused("x".repeat(1_001), /at most 1000 characters/);
    refused("cats\u0000", /control characters/);
  });
});
