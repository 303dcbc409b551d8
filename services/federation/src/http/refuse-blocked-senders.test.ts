import assert from "node:assert/strict";
import { signingHost } from "./refuse-blocked-senders.ts";

describe("signingHost", () => {
  it("reads the host of a draft-cavage Signature's keyId, port included", () => {
    const signature = 'keyId="http://spam.example:8080/users/a#main-key",algorithm="rsa-sha256",headers="(request-target) host date",signature="x"';
    assert.equal(signingHost({ signature }), "spam.example:8080");
  });

  it("reads the host of an RFC 9421 Signature-Input's keyid", () => {
    assert.equal(signingHost({ "signature-input": 'sig1=("@method" "@target-uri");keyid="https://spam.example/key";alg="rsa-v1_5-sha256"' }), "spam.example");
  });

  it("is undefined for an unsigned request or a keyId that is no URL", () => {
    assert.equal(signingHost({}), undefined);
    assert.equal(signingHost({ signature: 'keyId="not a url"' }), undefined);
  });
});
