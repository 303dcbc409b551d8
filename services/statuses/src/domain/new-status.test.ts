import assert from "node:assert/strict";
import { isStatusId, validateNewStatus, type NewStatusInput } from "./new-status.ts";

const input = (overrides: Partial<NewStatusInput> = {}): NewStatusInput => ({
  text: "Hello",
  spoilerText: "",
  sensitive: false,
  application: null,
  mediaIds: [],
  ...overrides,
});

const refused = (overrides: Partial<NewStatusInput>) => {
  const result = validateNewStatus(input(overrides));
  return result.ok ? undefined : result.error;
};

describe("new status rules", () => {
  it("defaults to public visibility, no language and no parent", () => {
    const result = validateNewStatus(input());
    assert.ok(result.ok);
    assert.equal(result.status.visibility, "public");
    assert.equal(result.status.language, null);
    assert.equal(result.status.inReplyToId, null);
  });

  it("strips surrounding whitespace and refuses blank text", () => {
    const result = validateNewStatus(input({ text: "  hi \n" }));
    assert.ok(result.ok && result.status.text === "hi");
    assert.match(refused({ text: " \n\t" }) ?? "", /can't be blank/);
  });

  it("accepts media without text, keeping the first order of distinct ids", () => {
    const result = validateNewStatus(input({ text: " ", mediaIds: ["3", "1", "3", "2"] }));
    assert.ok(result.ok);
    assert.equal(result.status.text, "");
    assert.deepEqual(result.status.mediaIds, ["3", "1", "2"]);
  });

  it("refuses more than 4 media ids and ids that cannot be uploads", () => {
    assert.ok(validateNewStatus(input({ mediaIds: ["1", "2", "3", "4"] })).ok);
    assert.equal(refused({ mediaIds: ["1", "2", "3", "4", "5"] }), "Cannot attach more than 4 files");
    assert.match(refused({ mediaIds: ["abc"] }) ?? "", /^Validation failed: Media attachments/);
  });

  it("accepts 500 characters and refuses 501, spoiler text included", () => {
    assert.ok(validateNewStatus(input({ text: "a".repeat(500) })).ok);
    assert.match(refused({ text: "a".repeat(501) }) ?? "", /character limit of 500/);
    assert.match(refused({ text: "a".repeat(490), spoilerText: "b".repeat(11) }) ?? "", /character limit/);
  });

  it("refuses a URL longer than 4096 characters even when the status is short", () => {
    const url = (length: number) => `https://example.com/${"a".repeat(length - 20)}`;
    assert.ok(validateNewStatus(input({ text: url(4096) })).ok);
    assert.match(refused({ text: `x ${url(4097)}` }) ?? "", /^Validation failed: .*longer than 4096/);
  });

  it("takes the author's defaults for an omitted visibility and language, but not over what the client chose", () => {
    const defaults = { visibility: "private", language: "de" };
    const omitted = validateNewStatus(input(), defaults);
    assert.ok(omitted.ok && omitted.status.visibility === "private" && omitted.status.language === "de");
    const chosen = validateNewStatus(input({ visibility: "unlisted", language: "fr" }), defaults);
    assert.ok(chosen.ok && chosen.status.visibility === "unlisted" && chosen.status.language === "fr");
    const odd = validateNewStatus(input(), { visibility: "nonsense", language: null });
    assert.ok(odd.ok && odd.status.visibility === "public");
  });

  it("marks a status with a content warning sensitive", () => {
    const result = validateNewStatus(input({ spoilerText: "spoilers" }));
    assert.ok(result.ok && result.status.sensitive);
  });

  it("refuses a visibility Mastodon does not know", () => {
    assert.match(refused({ visibility: "limited" }) ?? "", /Visibility/);
  });

  it("keeps an ISO 639-1 language in lower case and refuses anything else", () => {
    const result = validateNewStatus(input({ language: "DE" }));
    assert.ok(result.ok && result.status.language === "de");
    assert.match(refused({ language: "xx" }) ?? "", /Language/);
    assert.match(refused({ language: "eng" }) ?? "", /Language/);
  });

  it("recognizes status ids as positive 64-bit integers only", () => {
    assert.ok(isStatusId("1"));
    assert.ok(isStatusId("9223372036854775807"));
    assert.ok(!isStatusId("9223372036854775808"));
    assert.ok(!isStatusId("0"));
    assert.ok(!isStatusId("abc"));
    assert.ok(!isStatusId(""));
  });
});
