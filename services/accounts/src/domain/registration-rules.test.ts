import assert from "node:assert/strict";
import { knownLocale } from "./locales.ts";
import { formErrors, inactiveUserMessage, RegistrationInvalid, taken, type RegistrationForm } from "./registration-rules.ts";

const good: RegistrationForm = { username: "ada_99", email: "ada@example.com", password: "12345678", agreement: true, locale: "en", reason: "" };
const codes = (form: Partial<RegistrationForm>, mode: "open" | "approved" = "open") => formErrors({ ...good, ...form }, mode).map((e) => `${e.field}:${e.error}`);

describe("registration rules", () => {
  it("accepts a complete form, with or without a locale", () => {
    assert.deepEqual(codes({}), []);
    assert.deepEqual(codes({ locale: "" }), []);
  });

  it("applies Mastodon's limits at their edges", () => {
    assert.deepEqual(codes({ username: "a".repeat(30), password: "p".repeat(72), reason: "r".repeat(420) }), []);
    assert.deepEqual(codes({ username: "a".repeat(31), password: "p".repeat(73), reason: "r".repeat(421) }), ["username:ERR_TOO_LONG", "password:ERR_TOO_LONG", "reason:ERR_TOO_LONG"]);
    assert.deepEqual(codes({ password: "1234567" }), ["password:ERR_TOO_SHORT"]);
  });

  it("refuses blank, malformed and reserved values", () => {
    assert.deepEqual(codes({ username: "", email: "", password: "" }), ["username:ERR_BLANK", "email:ERR_BLANK", "password:ERR_BLANK"]);
    assert.deepEqual(codes({ username: "dot.ted", email: "a@b" }), ["username:ERR_INVALID", "email:ERR_INVALID"]);
    assert.deepEqual(codes({ username: "Moderator" }), ["username:ERR_RESERVED"]);
    assert.deepEqual(codes({ agreement: false, locale: "klingon" }), ["agreement:ERR_ACCEPTED", "locale:ERR_INCLUSION"]);
  });

  it("needs a reason only when a moderator approves sign-ups", () => {
    assert.deepEqual(codes({ reason: " " }, "approved"), ["reason:ERR_BLANK"]);
    assert.deepEqual(codes({ reason: "I knit" }, "approved"), []);
  });

  it("spells locales canonically, whatever the case or separator", () => {
    assert.equal(knownLocale("pt_br"), "pt-BR");
    assert.equal(knownLocale("EN"), "en");
    assert.equal(knownLocale("xx"), undefined);
  });

  it("orders failures as the form shows its fields and words them as Rails does", () => {
    const invalid = new RegistrationInvalid([taken("email"), { field: "username", error: "ERR_INVALID", description: "must contain only letters, numbers and underscores" }]);
    assert.deepEqual(invalid.errors.map((e) => e.field), ["username", "email"]);
    assert.equal(invalid.message, "Validation failed: Username must contain only letters, numbers and underscores, Email has already been taken");
  });

  it("asks for confirmation before approval", () => {
    assert.equal(inactiveUserMessage(false, false), "Your login is missing a confirmed e-mail address");
    assert.equal(inactiveUserMessage(true, false), "Your login is currently pending approval");
    assert.equal(inactiveUserMessage(true, true), undefined);
  });
});
