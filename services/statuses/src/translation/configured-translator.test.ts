import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { ServiceError } from "@starling/runtime";
import { statusesEnv } from "../config.ts";
import type { Translator } from "../use-cases/translator.ts";
import { configuredTranslator, withCachedLanguages } from "./configured-translator.ts";

const config = (env: Record<string, string>) => statusesEnv.parse({ VIEWER_TOKEN_SECRET: "x".repeat(32), ...env });

describe("configured translator", function () {
  it("is absent when neither DeepL nor LibreTranslate is configured", function () {
    assert.equal(configuredTranslator(config({})), undefined);
  });

  it("prefers DeepL over LibreTranslate when both are configured", function () {
    assert.equal(configuredTranslator(config({ LIBRE_TRANSLATE_ENDPOINT: "http://127.0.0.1:5000" }))?.provider, "LibreTranslate");
    assert.equal(configuredTranslator(config({ DEEPL_API_KEY: "k", LIBRE_TRANSLATE_ENDPOINT: "http://127.0.0.1:5000" }))?.provider, "DeepL.com");
  });

  it("reuses the language list within the TTL, asks again after it, and does not keep a failure", async function () {
    let calls = 0;
    let fail = false;
    const backend: Translator = {
      provider: "test",
      translate: async () => ({ html: "", detectedSource: undefined }),
      languages: async () => {
        calls++;
        if (fail) throw new ServiceError(GrpcStatus.UNAVAILABLE, "down");
        return [{ code: "en", targets: ["de"] }];
      },
    };
    let now = 0;
    const cached = withCachedLanguages(backend, 1_000, () => new Date(now));
    await Promise.all([cached.languages(), cached.languages()]);
    now = 999;
    await cached.languages();
    assert.equal(calls, 1);
    now = 1_000;
    fail = true;
    await assert.rejects(cached.languages());
    fail = false;
    assert.deepEqual(await cached.languages(), [{ code: "en", targets: ["de"] }]);
    assert.equal(calls, 3);
  });
});
