import assert from "node:assert/strict";
import type { Status } from "./status.ts";
import { editChangesNothing, validateStatusEdit, type StatusEditInput } from "./status-edit-rules.ts";

const status: Status = {
  id: "10",
  uri: "https://social.test/users/alice/statuses/10",
  url: "https://social.test/@alice/10",
  accountId: "1",
  inReplyToId: null,
  inReplyToAccountId: null,
  text: "hello",
  content: "<p>hello</p>",
  spoilerText: "",
  visibility: "private",
  sensitive: false,
  language: "fr",
  local: true,
  application: null,
  createdAt: new Date("2024-01-01T00:00:00Z"),
  editedAt: null,
  deletedAt: null,
  repliesCount: 0,
  reblogsCount: 0,
  favouritesCount: 0,
  mediaIds: ["5"],
};

const input = (overrides: Partial<StatusEditInput> = {}): StatusEditInput => ({ text: "hello", spoilerText: "", sensitive: false, mediaIds: ["5"], ...overrides });
const edited = (overrides: Partial<StatusEditInput>) => {
  const result = validateStatusEdit(input(overrides), status);
  assert.ok(result.ok, result.ok ? "" : result.error);
  return result.edit;
};

describe("status edit rules", () => {
  it("keeps the status's language when the edit names none, and takes a new one when it does", () => {
    assert.equal(edited({}).language, "fr");
    assert.equal(edited({ language: "de" }).language, "de");
  });

  it("refuses what a new status may not be: too long, blank without media, an unknown language, five attachments", () => {
    for (const bad of [{ text: "a".repeat(501) }, { text: " ", mediaIds: [] }, { language: "xx" }, { mediaIds: ["1", "2", "3", "4", "6"] }]) {
      assert.equal(validateStatusEdit(input(bad), status).ok, false, JSON.stringify(bad).slice(0, 50));
    }
    assert.equal(validateStatusEdit(input({ text: "", mediaIds: ["5"] }), status).ok, true, "media alone is enough");
  });

  it("marks the status sensitive when the edit adds a content warning", () => {
    assert.equal(edited({ spoilerText: "cw" }).sensitive, true);
  });

  it("tells an edit that changes nothing from one that changes anything, a poll always counting as a change", () => {
    assert.equal(editChangesNothing(status, edited({}), false), true);
    assert.equal(editChangesNothing(status, edited({ text: "hello!" }), false), false);
    assert.equal(editChangesNothing(status, edited({ mediaIds: [] }), false), false);
    assert.equal(editChangesNothing(status, edited({ language: "en" }), false), false);
    assert.equal(editChangesNothing(status, edited({}), true), false);
    assert.equal(editChangesNothing({ ...status, pollId: "7" }, edited({}), false), false);
  });
});
