import assert from "node:assert/strict";
import { resolveBackendPair, translationTarget } from "./translation-languages.ts";

describe("translation language pairs", function () {
  const libre = [
    { code: "en", targets: ["de", "pt-BR", "zh-Hans", "zh-Hant"] },
    { code: "de", targets: ["en"] },
  ];
  const deepl = [
    { code: "EN", targets: ["DE", "EN-GB", "EN-US"] },
    { code: "DE", targets: ["EN-GB", "EN-US"] },
  ];

  it("resolves a supported pair to the backend's own codes", function () {
    assert.deepEqual(resolveBackendPair(libre, "en", "de"), { source: "en", target: "de" });
    assert.deepEqual(resolveBackendPair(deepl, "en", "de"), { source: "EN", target: "DE" });
  });

  it("picks the first regional variant when the backend lists no bare code", function () {
    assert.deepEqual(resolveBackendPair(deepl, "de", "en"), { source: "DE", target: "EN-GB" });
    assert.deepEqual(resolveBackendPair(libre, "en", "pt"), { source: "en", target: "pt-BR" });
    assert.deepEqual(resolveBackendPair(libre, "en", "zh"), { source: "en", target: "zh-Hans" });
  });

  it("refuses a source or target the backend does not list", function () {
    assert.equal(resolveBackendPair(libre, "ja", "en"), undefined);
    assert.equal(resolveBackendPair(libre, "de", "pt"), undefined);
  });

  it("leaves the source to the backend's detection when the status names no language, if any source reaches the target", function () {
    assert.deepEqual(resolveBackendPair(deepl, null, "en"), { source: undefined, target: "EN-GB" });
    assert.equal(resolveBackendPair(libre, null, "ja"), undefined);
  });
});

describe("translation target", function () {
  it("takes the asked language first, ignoring its region", function () {
    assert.equal(translationTarget("de", "fr"), "de");
    assert.equal(translationTarget("PT-br", undefined), "pt");
  });

  it("falls back to the interface language, then to English", function () {
    assert.equal(translationTarget(undefined, "pt-BR"), "pt");
    assert.equal(translationTarget(undefined, undefined), "en");
  });

  it("rejects an asked lang that names no language", function () {
    assert.equal(translationTarget("klingon", "de"), undefined);
  });
});
