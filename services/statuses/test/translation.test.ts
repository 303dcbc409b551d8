import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { TranslationServiceClient } from "@starling/proto/statuses/v1/translation";
import { connectService, type AsyncClient } from "@starling/runtime";
import { startDeepLServer, startLibreTranslateServer, waitFor, type Dictionary, type TranslationServer } from "@starling/testkit";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";

const DICTIONARY: Dictionary = {
  "en:de": { good: "guten", morning: "Morgen", friends: "Freunde" },
  "en:fr": { good: "bon", morning: "matin", friends: "amis" },
  "de:en": { guten: "good", morgen: "morning" },
};

const rejectsWith = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;

/** A statuses service whose translation backend is `env`, with accounts alice (author) and bob. */
async function startWith(env: Record<string, string>) {
  const service = await startStatusesHarness(undefined, { env });
  const translation = connectService(TranslationServiceClient, service.address, { deadlineMs: 10_000 });
  const alice = await service.accounts.createAccount("alice");
  const bob = await service.accounts.createAccount("bob");
  const post = async (request: Partial<CreateStatusRequest>) =>
    (await service.client.createStatus(CreateStatusRequest.fromPartial({ status: "Good morning, friends", language: "en", ...request }), await service.viewer(alice))).status!;
  const translate = async (id: string, lang: string, viewer = bob) => (await translation.translateStatus({ id, lang }, await service.viewer(viewer))).translation!;
  return { service, translation, alice, bob, post, translate, stop: async () => (translation.close(), await service.stop()) };
}

describe("status translation through LibreTranslate over gRPC", function () {
  let backend: TranslationServer;
  let t: Awaited<ReturnType<typeof startWith>>;

  before(async function () {
    backend = await startLibreTranslateServer({ dictionary: DICTIONARY, apiKey: "libre-key" });
    t = await startWith({ LIBRE_TRANSLATE_ENDPOINT: backend.url, LIBRE_TRANSLATE_API_KEY: "libre-key" });
  });
  after(async function () {
    await t?.stop();
    await backend?.stop();
  });
  beforeEach(() => void (backend.failing = false));

  it("reports translation as enabled", async function () {
    assert.deepEqual(await t.translation.getTranslationSettings({}), { enabled: true });
  });

  it("translates the HTML content of a public status into the asked language, keeping its markup", async function () {
    const status = await t.post({ status: "Good morning, friends" });
    const translation = await t.translate(status.id, "de");
    assert.deepEqual(translation, { content: "<p>guten Morgen, Freunde</p>", detectedSourceLanguage: "en", provider: "LibreTranslate" });
    const sent = backend.requests.filter((r) => r.path === "/translate").at(-1)!;
    assert.deepEqual(sent.body, { q: "<p>Good morning, friends</p>", source: "en", target: "de", format: "html", api_key: "libre-key" });
  });

  it("translates an unlisted status, and into English when neither lang nor an interface language is given", async function () {
    const status = await t.post({ status: "Guten Morgen", language: "de", visibility: "unlisted" });
    const translation = await t.translate(status.id, "");
    assert.deepEqual([translation.content, translation.detectedSourceLanguage], ["<p>good morning</p>", "de"]);
  });

  it("lets the backend detect the language of a status that names none", async function () {
    const status = await t.post({ status: "Good friends", language: undefined });
    assert.equal(status.language, undefined, "the author has no default language, so the status names none");
    const translation = await t.translate(status.id, "fr");
    assert.deepEqual([translation.content, translation.detectedSourceLanguage], ["<p>bon amis</p>", "en"]);
    assert.equal(backend.requests.filter((r) => r.path === "/translate").at(-1)!.body.source, "auto");
  });

  it("refuses a target equal to the status's language and a pair the backend does not support with PERMISSION_DENIED", async function () {
    const status = await t.post({ status: "Good morning" });
    const before = backend.requests.filter((r) => r.path === "/translate").length;
    await assert.rejects(t.translate(status.id, "en"), rejectsWith(GrpcStatus.PERMISSION_DENIED));
    await assert.rejects(t.translate(status.id, "ja"), rejectsWith(GrpcStatus.PERMISSION_DENIED));
    const german = await t.post({ status: "Guten Morgen", language: "de" });
    await assert.rejects(t.translate(german.id, "fr"), rejectsWith(GrpcStatus.PERMISSION_DENIED));
    assert.equal(backend.requests.filter((r) => r.path === "/translate").length, before, "nothing unsupported reaches the backend");
  });

  it("refuses private and direct statuses, even to viewers who may see them", async function () {
    await t.service.accounts.follow(t.bob, t.alice);
    const priv = await t.post({ visibility: "private" });
    // bob sees followers-only posts once the follow has reached statuses' cached standings (an event).
    const bobSees = async () => (await t.service.client.getStatuses({ ids: [priv.id] }, await t.service.viewer(t.bob))).statuses.length === 1;
    await waitFor(bobSees, { what: "bob seeing alice's followers-only post" });
    await assert.rejects(t.translate(priv.id, "de"), rejectsWith(GrpcStatus.PERMISSION_DENIED));
    await assert.rejects(t.translate(priv.id, "de", t.alice), rejectsWith(GrpcStatus.PERMISSION_DENIED));
    const direct = await t.post({ status: "@bob Good morning", visibility: "direct" });
    await assert.rejects(t.translate(direct.id, "de"), rejectsWith(GrpcStatus.PERMISSION_DENIED));
  });

  it("answers NOT_FOUND for unknown statuses and ones the viewer may not see, and INVALID_ARGUMENT for a lang that is no language", async function () {
    await assert.rejects(t.translate("999999999", "de"), rejectsWith(GrpcStatus.NOT_FOUND));
    const carol = await t.service.accounts.createAccount("carol");
    const priv = await t.post({ visibility: "private" });
    await assert.rejects(t.translate(priv.id, "de", carol), rejectsWith(GrpcStatus.NOT_FOUND));
    const status = await t.post({});
    await assert.rejects(t.translate(status.id, "klingon"), rejectsWith(GrpcStatus.INVALID_ARGUMENT));
  });

  it("answers UNAVAILABLE when the backend fails", async function () {
    const status = await t.post({});
    backend.failing = true;
    await assert.rejects(t.translate(status.id, "de"), rejectsWith(GrpcStatus.UNAVAILABLE));
  });

  it("asks the backend for its languages once, not on every translation", async function () {
    const status = await t.post({});
    const lists = () => backend.requests.filter((r) => r.path === "/languages").length;
    await t.translate(status.id, "de");
    const afterFirst = lists();
    await t.translate(status.id, "fr");
    await assert.rejects(t.translate(status.id, "ja"), rejectsWith(GrpcStatus.PERMISSION_DENIED));
    assert.equal(lists(), afterFirst);
    assert.equal(afterFirst, 1);
  });
});

describe("status translation through DeepL over gRPC", function () {
  let backend: TranslationServer;
  let t: Awaited<ReturnType<typeof startWith>>;

  before(async function () {
    backend = await startDeepLServer({ dictionary: DICTIONARY, apiKey: "deepl-key:fx" });
    // A LibreTranslate endpoint too: DeepL wins when both are configured.
    t = await startWith({ DEEPL_API_KEY: "deepl-key:fx", DEEPL_API_URL: backend.url, LIBRE_TRANSLATE_ENDPOINT: "http://127.0.0.1:9" });
  });
  after(async function () {
    await t?.stop();
    await backend?.stop();
  });

  it("translates with DeepL's API, authenticating with the key and asking for HTML handling", async function () {
    const status = await t.post({ status: "Good morning" });
    assert.deepEqual(await t.translate(status.id, "de"), { content: "<p>guten Morgen</p>", detectedSourceLanguage: "en", provider: "DeepL.com" });
    const sent = backend.requests.find((r) => r.path === "/v2/translate")!;
    assert.deepEqual(sent.body, { text: "<p>Good morning</p>", source_lang: "EN", target_lang: "DE", tag_handling: "html" });
  });

  it("maps a bare language to DeepL's regional target (English → EN-GB) and reports what DeepL detected", async function () {
    const status = await t.post({ status: "Guten Morgen", language: undefined });
    assert.deepEqual(await t.translate(status.id, "en"), { content: "<p>good morning</p>", detectedSourceLanguage: "de", provider: "DeepL.com" });
    const sent = backend.requests.filter((r) => r.path === "/v2/translate").at(-1)!;
    assert.deepEqual([sent.body.target_lang, sent.body.source_lang], ["EN-GB", undefined]);
  });

  it("refuses a target DeepL does not list", async function () {
    const status = await t.post({});
    await assert.rejects(t.translate(status.id, "ja"), rejectsWith(GrpcStatus.PERMISSION_DENIED));
  });
});

describe("status translation without a backend over gRPC", function () {
  let t: Awaited<ReturnType<typeof startWith>>;
  before(async function () {
    t = await startWith({});
  });
  after(async function () {
    await t?.stop();
  });

  it("reports translation as disabled and answers NOT_FOUND", async function () {
    assert.deepEqual(await t.translation.getTranslationSettings({}), { enabled: false });
    const status = await t.post({});
    await assert.rejects(t.translate(status.id, "de"), rejectsWith(GrpcStatus.NOT_FOUND));
  });
});
