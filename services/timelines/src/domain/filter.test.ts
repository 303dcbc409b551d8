import assert from "node:assert/strict";
import { expiryAfter, validAction, validContexts, validKeyword, validTitle } from "./filter.ts";

const refused = (fn: () => unknown) => assert.throws(fn, (e: { message: string }) => e.message.startsWith("Validation failed"));

describe("filter rules", () => {
  it("expires a filter the given seconds after now, never without seconds, and refuses other durations", () => {
    const now = new Date("2026-11-26T10:00:00Z");
    assert.deepEqual(expiryAfter(3600, now), new Date("2026-11-26T11:00:00Z"));
    assert.equal(expiryAfter(undefined, now), undefined);
    refused(() => expiryAfter(0, now));
    refused(() => expiryAfter(1.5, now));
  });

  it("keeps each known context once and refuses none or an unknown one", () => {
    assert.deepEqual(validContexts(["home", "thread", "home"]), ["home", "thread"]);
    refused(() => validContexts([]));
    refused(() => validContexts(["home", "timeline"]));
  });

  it("takes warn when no action is given and refuses other actions, blank titles and blank keywords", () => {
    assert.equal(validAction(undefined), "warn");
    assert.equal(validAction("hide"), "hide");
    refused(() => validAction("drop"));
    assert.equal(validTitle("  Spoilers "), "Spoilers");
    refused(() => validTitle(" "));
    refused(() => validKeyword(""));
  });
});
