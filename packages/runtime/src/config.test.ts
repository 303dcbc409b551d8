import assert from "node:assert/strict";
import { z } from "zod";
import { flag, localDomainEnv, parseConfig, port, publicBaseUrl, serverEnv } from "./config.ts";

const schema = z.object({ ...serverEnv, GRPC_PORT: port(50051) });
const secret = "s".repeat(32);

describe("configuration", () => {
  it("applies the defaults of the shared server variables", () => {
    const config = parseConfig(schema, { VIEWER_TOKEN_SECRET: secret });
    assert.deepEqual(config, {
      GRPC_HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      SHUTDOWN_TIMEOUT_MS: 15_000,
      VIEWER_TOKEN_SECRET: secret,
      GRPC_DEADLINE_MS: 5_000,
      GRPC_PORT: 50051,
    });
  });

  it("lists every problem at once instead of stopping at the first", () => {
    assert.throws(
      () => parseConfig(schema, { LOG_LEVEL: "loud", GRPC_PORT: "70000", SHUTDOWN_TIMEOUT_MS: "-1" }),
      (error: Error) => {
        assert.match(error.message, /^invalid configuration:/);
        for (const name of ["LOG_LEVEL", "GRPC_PORT", "SHUTDOWN_TIMEOUT_MS", "VIEWER_TOKEN_SECRET"]) assert.match(error.message, new RegExp(`\\n  ${name}: `));
        return true;
      },
    );
  });

  it("rejects a viewer token secret shorter than 32 characters", () => {
    assert.throws(() => parseConfig(schema, { VIEWER_TOKEN_SECRET: "short" }), /VIEWER_TOKEN_SECRET: VIEWER_TOKEN_SECRET must be at least 32 characters/);
  });

  it("accepts port 0 so the OS picks a free port, and reads ports from strings", () => {
    assert.equal(parseConfig(schema, { VIEWER_TOKEN_SECRET: secret, GRPC_PORT: "0" }).GRPC_PORT, 0);
    assert.equal(parseConfig(schema, { VIEWER_TOKEN_SECRET: secret, GRPC_PORT: "8080" }).GRPC_PORT, 8080);
  });

  it("refuses ports that are negative, too large or not whole numbers", () => {
    for (const bad of ["-1", "65536", "80.5", "http"]) {
      assert.throws(() => parseConfig(schema, { VIEWER_TOKEN_SECRET: secret, GRPC_PORT: bad }), /GRPC_PORT/, bad);
    }
  });
});

describe("public URL settings", () => {
  const schema = z.object(localDomainEnv);

  it("defaults to https on localhost:3000 and reads true/false/1/0 in any case", () => {
    assert.equal(publicBaseUrl(schema.parse({})), "https://localhost:3000");
    assert.equal(publicBaseUrl(schema.parse({ LOCAL_DOMAIN: "127.0.0.1:4000", LOCAL_HTTPS: "FALSE" })), "http://127.0.0.1:4000");
    assert.equal(schema.parse({ LOCAL_HTTPS: "0" }).LOCAL_HTTPS, false);
    assert.equal(schema.parse({ LOCAL_HTTPS: "1" }).LOCAL_HTTPS, true);
  });

  it("refuses a flag that is not a boolean word", () => {
    assert.throws(() => parseConfig(z.object({ OPEN: flag(false) }), { OPEN: "yes" }), /OPEN/);
  });
});
