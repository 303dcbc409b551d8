import assert from "node:assert/strict";
import { clientCredentials } from "./client-credentials.ts";

const basic = (value: string) => ({ authorization: `Basic ${Buffer.from(value).toString("base64")}` });
const form = { client_id: "form-id", client_secret: "form-secret" };

describe("client credentials of the token and revocation endpoints", () => {
  it("prefers HTTP Basic, form-decoding both parts as RFC 6749 asks", () => {
    assert.deepEqual(clientCredentials(basic("abc-_1:s3cr%3At+x"), form), { clientId: "abc-_1", clientSecret: "s3cr:t x" });
  });

  it("falls back to the parameters without Basic or with a malformed one", () => {
    assert.deepEqual(clientCredentials({}, form), { clientId: "form-id", clientSecret: "form-secret" });
    assert.deepEqual(clientCredentials({ authorization: "Bearer token" }, form), { clientId: "form-id", clientSecret: "form-secret" });
    assert.deepEqual(clientCredentials(basic("no-colon"), form), { clientId: "form-id", clientSecret: "form-secret" });
  });

  it("keeps a part with a broken escape as it was sent", () => {
    assert.deepEqual(clientCredentials(basic("id:100%"), form), { clientId: "id", clientSecret: "100%" });
  });
});
