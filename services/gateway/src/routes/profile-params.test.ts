import assert from "node:assert/strict";
import { fieldsAttributes, nestBracketKeys } from "./profile-params.ts";

describe("update_credentials parameters", () => {
  it("nests the flat bracketed keys of a multipart form", () => {
    assert.deepEqual(structuredClone(nestBracketKeys({ display_name: "A", "source[privacy]": "private", "fields_attributes[0][name]": "n", "fields_attributes[0][value]": "v", "fields_attributes[1][name]": "m" })), {
      display_name: "A",
      source: { privacy: "private" },
      fields_attributes: { 0: { name: "n", value: "v" }, 1: { name: "m" } },
    });
  });

  it("nests keys named after Object's properties as ordinary fields, never reaching Object.prototype", () => {
    const nested = nestBracketKeys({ "__proto__[polluted]": "yes", "constructor[prototype]": "x" }) as Record<string, Record<string, unknown>>;
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(nested["__proto__"]!.polluted, "yes");
    assert.equal(nested.constructor!.prototype, "x");
  });

  it("reads fields_attributes as an array, as partial rows and as a hash keyed by position, in order", () => {
    const expected = [{ name: "a", value: "1" }, { name: "b", value: "2" }];
    assert.deepEqual(fieldsAttributes([{ name: "a", value: "1" }, { name: "b", value: 2 }]), expected);
    assert.deepEqual(fieldsAttributes([{ name: "a" }, { value: "1" }, { name: "b" }, { value: "2" }]), expected);
    assert.deepEqual(fieldsAttributes({ 10: { name: "b", value: "2" }, 2: { name: "a", value: "1" } }), expected);
    assert.deepEqual(fieldsAttributes({ 0: { name: "only" } }), [{ name: "only", value: "" }]);
    assert.equal(fieldsAttributes(undefined), undefined);
  });

  it("refuses shapes that are not rows of text", () => {
    assert.throws(() => fieldsAttributes("name=value"), /list or a hash/);
    assert.throws(() => fieldsAttributes([5]), /\{name, value\}/);
    assert.throws(() => fieldsAttributes([{ name: { nested: true } }]), /text/);
  });
});
