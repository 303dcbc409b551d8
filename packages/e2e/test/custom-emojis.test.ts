import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { signIn } from "../src/harness/masto-session.ts";
import { animatedGif, oversizedPng, png, sharp } from "../src/harness/media-files.ts";
import { startNode } from "../src/harness/processes.ts";
import type { Stack } from "../src/harness/stack.ts";

interface EmojiJson {
  shortcode: string;
  url: string;
  static_url: string;
  visible_in_picker: boolean;
  category: string | null;
}

describe("custom emojis on the embedded stack", function () {
  this.timeout(180_000);
  let stack: Stack;
  let files: string;

  /** Runs `starling emoji import ...args` against the stack's DATA_DIR, as an operator on the server would. */
  const emojiImport = (...args: string[]): Promise<{ code: number | null; output: string }> => {
    const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: stack.dataDir, LOG_LEVEL: "warn" };
    for (const key of ["DATABASE_URL", "REDIS_URL", "KAFKA_BROKERS", "STATUSES_GRPC_URL", "MEDIA_GRPC_URL"]) delete env[key];
    const child = startNode("packages/cli/src/main.ts", ["emoji", "import", ...args], env);
    return new Promise((resolve) => child.process.once("exit", (code) => resolve({ code, output: child.output() })));
  };
  const listed = async (): Promise<EmojiJson[]> => {
    const response = await fetch(`${stack.url}/api/v1/custom_emojis`);
    assert.equal(response.status, 200);
    return (await response.json()) as EmojiJson[];
  };
  const find = async (shortcode: string) => (await listed()).find((e) => e.shortcode === shortcode);
  /** A stored file, fetched through the gateway's /system proxy with the URL's path. */
  const served = async (url: string) => {
    const response = await fetch(`${stack.url}${new URL(url).pathname}`);
    assert.equal(response.status, 200, url);
    return { type: response.headers.get("content-type"), meta: await sharp(Buffer.from(await response.arrayBuffer())).metadata() };
  };
  const storedEmojiFiles = () => readdirSync(join(stack.dataDir!, "media"), { recursive: true }).filter((p) => String(p).startsWith("custom_emojis") && String(p).match(/\.(png|gif)$/)).length;

  before(async () => {
    stack = await startEmbeddedStack();
    files = mkdtempSync(join(tmpdir(), "starling-emojis-"));
    writeFileSync(join(files, "blobcat.png"), await png(48, 48, "#ff8800"));
    writeFileSync(join(files, "party.gif"), await animatedGif());
    mkdirSync(join(files, "pack"));
    writeFileSync(join(files, "pack", "wave.png"), await png(32, 32));
    writeFileSync(join(files, "pack", "nod.gif"), await animatedGif());
    writeFileSync(join(files, "pack", "readme.txt"), "not an emoji");
    mkdirSync(join(files, "archive"));
    writeFileSync(join(files, "archive", "tarred.png"), await png(24, 24));
    await promisify(execFile)("tar", ["-czf", join(files, "emojis.tar.gz"), "-C", join(files, "archive"), "."]);
    writeFileSync(join(files, "secret.png"), await png(20, 20));
    mkdirSync(join(files, "bad"));
    writeFileSync(join(files, "bad", "bad-name.png"), await png(16, 16));
    writeFileSync(join(files, "bad", "x.png"), await png(16, 16));
    writeFileSync(join(files, "bad", "huge.png"), await oversizedPng(300 * 1024));
    writeFileSync(join(files, "bad", "notes.png"), "plain text pretending to be a picture\n");
  });
  after(async () => {
    await stack?.stop();
    if (files) rmSync(files, { recursive: true, force: true });
  });

  it("imports a PNG and an animated GIF with the CLI, listed publicly with a PNG static version", async () => {
    const png = await emojiImport(join(files, "blobcat.png"), "--category", "Blobs");
    assert.equal(png.code, 0, png.output);
    assert.match(png.output, /^imported :blobcat:$/m);
    const gif = await emojiImport(join(files, "party.gif"));
    assert.match(gif.output, /^imported :party:$/m);

    const response = await fetch(`${stack.url}/api/v1/custom_emojis`);
    assert.equal(response.headers.get("cache-control"), "public, max-age=180");
    const emojis = (await response.json()) as EmojiJson[];
    const blobcat = emojis.find((e) => e.shortcode === "blobcat")!;
    assert.deepEqual({ ...blobcat, url: undefined, static_url: undefined }, { shortcode: "blobcat", url: undefined, static_url: undefined, visible_in_picker: true, category: "Blobs" });
    const party = emojis.find((e) => e.shortcode === "party")!;
    assert.equal(party.category, null);
    assert.match(party.url, /\/system\/custom_emojis\/images\/.+\/original\/\d+\.gif$/);

    const original = await served(party.url);
    assert.equal(original.type, "image/gif");
    assert.ok((original.meta.pages ?? 1) > 1, "the GIF stays animated");
    for (const emoji of [blobcat, party]) {
      const still = await served(emoji.static_url);
      assert.equal(still.type, "image/png");
      assert.equal(still.meta.pages ?? 1, 1);
    }
  });

  it("imports a folder and a .tar.gz with a prefix and suffix, and skips shortcodes that exist", async () => {
    const folder = await emojiImport(join(files, "pack"), "--prefix", "pack_");
    assert.equal(folder.code, 0, folder.output);
    assert.match(folder.output, /^imported :pack_nod:$/m);
    assert.match(folder.output, /^imported :pack_wave:$/m);
    assert.doesNotMatch(folder.output, /readme/);
    const archive = await emojiImport(join(files, "emojis.tar.gz"), "--suffix", "_x");
    assert.match(archive.output, /^imported :tarred_x:$/m);
    const again = await emojiImport(join(files, "blobcat.png"));
    assert.match(again.output, /^skipped :blobcat: \(exists\)$/m);
    const shortcodes = (await listed()).map((e) => e.shortcode);
    for (const shortcode of ["pack_nod", "pack_wave", "tarred_x"]) assert.ok(shortcodes.includes(shortcode), shortcode);
  });

  it("keeps an unlisted emoji out of the picker, and --overwrite replaces an emoji's image", async () => {
    const unlisted = await emojiImport(join(files, "secret.png"), "--unlisted");
    assert.match(unlisted.output, /^imported :secret:$/m);
    assert.equal(await find("secret"), undefined);
    const before = (await find("blobcat"))!;
    const overwritten = await emojiImport(join(files, "blobcat.png"), "--overwrite", "--category", "Cats");
    assert.match(overwritten.output, /^imported \(overwrote\) :blobcat:$/m);
    const after = (await find("blobcat"))!;
    assert.equal(after.category, "Cats");
    assert.notEqual(after.url, before.url);
  });

  it("shows the emojis a profile uses in `emojis`, unlisted ones too, while `note` keeps the raw :shortcode:", async () => {
    const email = "emoji_fan@example.com";
    const fan = await signIn(stack.url, email, await stack.createAccount("emoji_fan", email));
    await fan.client.v1.accounts.updateCredentials({
      displayName: "Fan :blobcat:",
      note: "I like :party: and :secret: but not :unknown_one:",
      fieldsAttributes: [{ name: "mood", value: ":pack_wave:" }],
    });
    const account = (await (await fetch(`${stack.url}/api/v1/accounts/${fan.account.id}`)).json()) as { note: string; emojis: EmojiJson[] };
    assert.deepEqual(account.emojis.map((e) => e.shortcode).sort(), ["blobcat", "pack_wave", "party", "secret"]);
    assert.equal(account.emojis.find((e) => e.shortcode === "secret")?.visible_in_picker, false);
    assert.match(account.note, /:party:/);
    assert.doesNotMatch(account.note, /<img/);
    const me = await fan.client.v1.accounts.verifyCredentials();
    assert.deepEqual(me.emojis.map((e) => e.shortcode).sort(), ["blobcat", "pack_wave", "party", "secret"]);
  });

  it("refuses bad shortcodes, files over 256 KB and text named .png with a clear line each, storing nothing", async () => {
    const filesBefore = storedEmojiFiles();
    const refused = await emojiImport(join(files, "bad"));
    assert.equal(refused.code, 1);
    assert.match(refused.output, /^refused bad-name\.png: shortcode "bad-name" must be at least 2 letters, digits or underscores$/m);
    assert.match(refused.output, /^refused x\.png: shortcode "x" must be/m);
    assert.match(refused.output, /^refused huge\.png: .*file size must be less than 256 KB$/m);
    assert.match(refused.output, /^refused notes\.png: Image content type is invalid$/m);
    assert.match(refused.output, /^Imported 0, skipped 0, refused 4$/m);
    const shortcodes = (await listed()).map((e) => e.shortcode);
    for (const shortcode of ["bad-name", "x", "huge", "notes"]) assert.ok(!shortcodes.includes(shortcode), shortcode);
    assert.equal(storedEmojiFiles(), filesBefore);
  });
});
