import assert from "node:assert/strict";
import { generate } from "otplib";
import { looksLikeTotp, newTotpSecret, provisioningUri, verifyTotp } from "./two-factor.ts";

const now = new Date("2024-05-01T12:00:10Z");
const codeAt = (secret: string, offsetSteps: number) => generate({ secret, epoch: Math.floor(now.getTime() / 1000) + offsetSteps * 30 });

describe("TOTP two-factor codes", () => {
  const secret = newTotpSecret();

  it("accepts the current code and one 30-second step of drift either way", async () => {
    const current = await verifyTotp(secret, await codeAt(secret, 0), now, null);
    assert.equal(typeof current, "number");
    assert.equal(await verifyTotp(secret, await codeAt(secret, -1), now, null), current! - 1);
    assert.equal(await verifyTotp(secret, await codeAt(secret, 1), now, null), current! + 1);
  });

  it("refuses codes two steps away", async () => {
    for (const offset of [-2, 2]) {
      const code = await codeAt(secret, offset);
      // A far code can collide with a near one by chance; only a distinct one proves the window.
      const near = await Promise.all([-1, 0, 1].map((o) => codeAt(secret, o)));
      if (!near.includes(code)) assert.equal(await verifyTotp(secret, code, now, null), undefined);
    }
  });

  it("refuses a step at or before the last one consumed, so a code works once", async () => {
    const code = await codeAt(secret, 0);
    const step = (await verifyTotp(secret, code, now, null))!;
    assert.equal(await verifyTotp(secret, code, now, step), undefined);
    assert.equal(await verifyTotp(secret, await codeAt(secret, 1), now, step), step + 1);
  });

  it("ignores the spaces apps show in the middle of a code, and refuses what is not six digits", async () => {
    const code = await codeAt(secret, 0);
    assert.notEqual(await verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null), undefined);
    assert.equal(looksLikeTotp("12345"), false);
    assert.equal(looksLikeTotp("abcdef"), false);
    assert.equal(await verifyTotp(secret, "", now, null), undefined);
  });

  it("builds an otpauth URI an authenticator app can scan", () => {
    const uri = new URL(provisioningUri(secret, "example.test", "alice"));
    assert.equal(uri.protocol, "otpauth:");
    assert.equal(uri.host, "totp");
    assert.equal(decodeURIComponent(uri.pathname), "/example.test:alice");
    assert.equal(uri.searchParams.get("secret"), secret);
    assert.equal(uri.searchParams.get("issuer"), "example.test");
  });
});
