import assert from "node:assert/strict";
import { defaultLanguage, normalizeLanguage } from "./language.ts";

describe("status language", () => {
  it("keeps an ISO 639-1 code in lower case, none for blank, and undefined for anything else", () => {
    assert.deepEqual([normalizeLanguage(" DE "), normalizeLanguage(""), normalizeLanguage("deu")], ["de", null, undefined]);
  });

  it("defaults to the posting language, else the interface language without its region, else none", () => {
    assert.equal(defaultLanguage("fr", "de"), "fr");
    assert.equal(defaultLanguage(undefined, "pt-BR"), "pt");
    assert.equal(defaultLanguage(undefined, "zh_TW"), "zh");
    assert.equal(defaultLanguage(undefined, "ja"), "ja");
    assert.equal(defaultLanguage(undefined, "sco"), null);
    assert.equal(defaultLanguage(undefined, undefined), null);
  });
});
