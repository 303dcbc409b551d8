import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { startLibreTranslateServer, type TranslationServer } from "@starling/testkit";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { newSession, type Session } from "../src/harness/masto-session.ts";
import { realServersFromEnv, startProductionStack } from "../src/harness/production-stack.ts";
import type { Stack } from "../src/harness/stack.ts";

type StartStack = (env: Record<string, string>) => Promise<Stack>;

/** POSTs to the translate route with `fetch`, to see the HTTP status and JSON body masto hides. */
async function translateRaw(stack: Stack, session: Session, id: string, lang: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.url}/api/v1/statuses/${id}/translate`, {
    method: "POST",
    headers: { authorization: `Bearer ${session.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ lang }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const instanceTranslation = async (stack: Stack) => ((await (await fetch(`${stack.url}/api/v2/instance`)).json()) as { configuration: { translation: { enabled: boolean } } }).configuration.translation;

function describeTranslation(start: StartStack): void {
  describe("with LibreTranslate configured", function () {
    this.timeout(180_000);
    let backend: TranslationServer;
    let stack: Stack;
    let alice: Session;
    let bob: Session;
    const suffix = randomBytes(3).toString("hex");

    before(async function () {
      backend = await startLibreTranslateServer({ dictionary: { "en:de": { good: "guten", morning: "Morgen", friends: "Freunde" } } });
      stack = await start({ LIBRE_TRANSLATE_ENDPOINT: backend.url });
      alice = await newSession(stack, "alice", suffix);
      bob = await newSession(stack, "bob", suffix);
    });
    after(async function () {
      await stack?.stop();
      await backend?.stop();
    });

    it("says translation is enabled in /api/v2/instance", async function () {
      assert.deepEqual(await instanceTranslation(stack), { enabled: true });
    });

    it("translates a public status with masto's translate and reports the source language and provider", async function () {
      const status = await alice.client.v1.statuses.create({ status: "Good morning, friends", language: "en", visibility: "public" });
      const translation = await bob.client.v1.statuses.$select(status.id).translate({ lang: "de" });
      // masto 8 types the field as detectedLanguageSource, yet camel-cases the JSON's detected_source_language.
      const detectedSourceLanguage = (translation as unknown as { detectedSourceLanguage: string }).detectedSourceLanguage;
      assert.deepEqual(
        { content: translation.content, detectedSourceLanguage, provider: translation.provider },
        { content: "<p>guten Morgen, Freunde</p>", detectedSourceLanguage: "en", provider: "LibreTranslate" },
      );
    });

    it("answers 403 JSON for an unsupported pair and the status's own language, and for a private status", async function () {
      const status = await alice.client.v1.statuses.create({ status: "Good morning", language: "en" });
      assert.deepEqual(await translateRaw(stack, bob, status.id, "ja"), { status: 403, body: { error: "This action is not allowed" } });
      assert.deepEqual(await translateRaw(stack, bob, status.id, "en"), { status: 403, body: { error: "This action is not allowed" } });
      const privatePost = await alice.client.v1.statuses.create({ status: "Good morning", language: "en", visibility: "private" });
      assert.deepEqual(await translateRaw(stack, alice, privatePost.id, "de"), { status: 403, body: { error: "This action is not allowed" } });
    });

    it("answers 503 JSON when the backend fails and 404 for a status that does not exist", async function () {
      const status = await alice.client.v1.statuses.create({ status: "Good friends", language: "en" });
      backend.failing = true;
      try {
        const failed = await translateRaw(stack, bob, status.id, "de");
        assert.equal(failed.status, 503);
        assert.equal(typeof failed.body.error, "string");
      } finally {
        backend.failing = false;
      }
      assert.deepEqual(await translateRaw(stack, bob, "1234567890", "de"), { status: 404, body: { error: "Record not found" } });
    });
  });

  describe("without a translation backend", function () {
    this.timeout(180_000);
    let stack: Stack;
    let alice: Session;

    before(async function () {
      stack = await start({});
      alice = await newSession(stack, "alice", randomBytes(3).toString("hex"));
    });
    after(async function () {
      await stack?.stop();
    });

    it("says translation is disabled in /api/v2/instance and answers 404 JSON", async function () {
      assert.deepEqual(await instanceTranslation(stack), { enabled: false });
      const status = await alice.client.v1.statuses.create({ status: "Good morning", language: "en" });
      assert.deepEqual(await translateRaw(stack, alice, status.id, "de"), { status: 404, body: { error: "Record not found" } });
    });
  });
}

describe("status translation on the embedded run", function () {
  describeTranslation((env) => startEmbeddedStack({ env }));
});

describe("status translation on the production-like run", function () {
  const servers = realServersFromEnv();
  before(function () {
    if (!servers) this.skip();
  });
  describeTranslation((env) => startProductionStack(servers!, { env }));
});
