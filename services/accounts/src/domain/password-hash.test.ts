import assert from "node:assert/strict";
import { generatePassword, hashPassword, verifyPassword } from "./password-hash.ts";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery staple");
    assert.ok(await verifyPassword("correct horse battery staple", stored));
    assert.ok(!(await verifyPassword("correct horse battery stapler", stored)));
  });

  it("salts every hash, so one password hashes differently twice", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    assert.notEqual(a, b);
    assert.match(a, /^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  });

  it("refuses malformed stored hashes instead of throwing", async () => {
    assert.ok(!(await verifyPassword("x", "")));
    assert.ok(!(await verifyPassword("x", "bcrypt$whatever")));
  });

  it("generates long random passwords", () => {
    const password = generatePassword();
    assert.ok(password.length >= 32);
    assert.notEqual(password, generatePassword());
  });
});
