import assert from "node:assert/strict";
import { compileFilters, matchFilters, type FilterDefinition } from "./filter-matcher.ts";

const now = new Date("2026-11-26T12:00:00Z");
const filter = (keywords: FilterDefinition["keywords"], extra: Partial<FilterDefinition> = {}): FilterDefinition => ({
  id: "1",
  title: "t",
  context: ["home"],
  filterAction: "warn",
  keywords,
  statuses: [],
  ...extra,
});
const matches = (definition: FilterDefinition, text: string, context?: string, at = now) =>
  matchFilters(compileFilters([definition]), { text, statusIds: ["10"] }, at, context).map((m) => m.keywordMatches);

describe("filter matching", () => {
  it("matches a whole-word keyword only at word boundaries, in any case", () => {
    const cat = filter([{ keyword: "cat", wholeWord: true }]);
    assert.deepEqual(matches(cat, "My CAT sleeps"), [["CAT"]]);
    assert.deepEqual(matches(cat, "a cat."), [["cat"]]);
    assert.deepEqual(matches(cat, "Scatter the catalogue"), []);
    assert.deepEqual(matches(cat, "cat_food"), []);
  });

  it("treats accented letters and other scripts as word characters", () => {
    assert.deepEqual(matches(filter([{ keyword: "caf", wholeWord: true }]), "un café"), []);
    assert.deepEqual(matches(filter([{ keyword: "café", wholeWord: true }]), "Un CAFÉ noir"), [["CAFÉ"]]);
    assert.deepEqual(matches(filter([{ keyword: "кот", wholeWord: true }]), "котлета"), []);
  });

  it("matches a keyword that is not whole-word anywhere, as a substring", () => {
    assert.deepEqual(matches(filter([{ keyword: "cat", wholeWord: false }]), "Scatter"), [["cat"]]);
  });

  it("bounds only the word-character ends of a whole-word keyword (Mastodon's to_regex)", () => {
    const tag = filter([{ keyword: "#cats", wholeWord: true }]);
    assert.deepEqual(matches(tag, "love my#cats"), [["#cats"]]);
    assert.deepEqual(matches(tag, "#catsup"), []);
  });

  it("takes regular expression characters literally", () => {
    const dots = filter([{ keyword: "a.b (c)", wholeWord: false }]);
    assert.deepEqual(matches(dots, "xa.b (c)y"), [["a.b (c)"]]);
    assert.deepEqual(matches(dots, "axb (c)"), []);
  });

  it("reports the first keyword of a filter that matched", () => {
    assert.deepEqual(matches(filter([{ keyword: "dog", wholeWord: true }, { keyword: "cat", wholeWord: true }]), "a cat and a dog"), [["cat"]]);
  });

  it("applies a filter only in its contexts when a context is given", () => {
    const cat = filter([{ keyword: "cat", wholeWord: true }], { context: ["home", "thread"] });
    assert.equal(matches(cat, "cat", "thread").length, 1);
    assert.equal(matches(cat, "cat", "public").length, 0);
    assert.equal(matches(cat, "cat").length, 1);
  });

  it("ignores a filter once it has expired", () => {
    const expiring = filter([{ keyword: "cat", wholeWord: true }], { expiresAt: new Date("2026-11-26T12:00:05Z") });
    assert.equal(matches(expiring, "cat", "home", now).length, 1);
    assert.equal(matches(expiring, "cat", "home", new Date("2026-11-26T12:00:05Z")).length, 0);
  });

  it("matches filtered posts by the status's or its reblogged status's id", () => {
    const [result] = matchFilters(compileFilters([filter([], { statuses: [{ statusId: "11" }] })]), { text: "", statusIds: ["10", "11"] }, now, "home");
    assert.deepEqual(result?.statusMatches, ["11"]);
    assert.deepEqual(result?.keywordMatches, []);
  });
});
