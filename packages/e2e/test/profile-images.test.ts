import assert from "node:assert/strict";
import { MastoHttpError } from "masto";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { animatedGif, jpegWithExif, oversizedPng, png, sharp } from "../src/harness/media-files.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

/** Avatars and headers through update_credentials, stored by the media service and served under /system. */
function describeProfileImages(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  suiteSessions(start, ["alice"], (suite) => ({ stack, alice } = suite));

  /** Fetches a served image through the gateway's /system proxy: its type and what sharp reads of it. */
  const served = async (url: string) => {
    assert.match(new URL(url).pathname, /^\/system\/accounts\//);
    const res = await fetch(url);
    assert.equal(res.status, 200, `GET ${url}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes, { animated: true }).metadata();
    return { type: res.headers.get("content-type"), format: meta.format, width: meta.width, height: meta.pageHeight ?? meta.height, pages: meta.pages ?? 1, exif: meta.exif };
  };
  /** Sends update_credentials as multipart, as a browser form would. */
  const patch = async (parts: Record<string, string | Blob>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) form.append(name, value);
    const res = await fetch(`${stack.url}/api/v1/accounts/update_credentials`, { method: "PATCH", headers: { authorization: `Bearer ${alice.accessToken}` }, body: form });
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const blob = (bytes: Buffer, type = "") => new Blob([new Uint8Array(bytes)], { type });

  it("starts with Mastodon's missing images, which the gateway serves", async () => {
    assert.equal(new URL(alice.account.avatar).pathname, "/avatars/original/missing.png");
    assert.equal(new URL(alice.account.headerStatic).pathname, "/headers/original/missing.png");
    for (const [url, size] of [[alice.account.avatarStatic, [400, 400]], [alice.account.header, [1500, 500]]] as const) {
      const res = await fetch(url);
      assert.equal(res.headers.get("content-type"), "image/png");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ["png", ...size]);
    }
  });

  it("takes an avatar and a header from masto.js, cropped to 400x400 and scaled to 1500x500, without EXIF", async function () {
    this.timeout(60_000);
    const updated = await alice.client.v1.accounts.updateCredentials({ displayName: "Alice in pictures", avatar: blob(await jpegWithExif()), header: blob(await png(3000, 1000)) });
    assert.equal(updated.displayName, "Alice in pictures");
    assert.match(updated.avatar, /\/system\/accounts\/avatars\/(\d{3}\/)+original\/\d+\.jpg$/);
    assert.match(updated.header, /\/system\/accounts\/headers\/(\d{3}\/)+original\/\d+\.png$/);
    assert.equal(updated.avatarStatic, updated.avatar);
    assert.equal(updated.headerStatic, updated.header);
    const avatar = await served(updated.avatar);
    assert.deepEqual([avatar.type, avatar.format, avatar.width, avatar.height, avatar.exif], ["image/jpeg", "jpeg", 400, 400, undefined]);
    const header = await served(updated.header);
    assert.deepEqual([header.type, header.width, header.height], ["image/png", 1500, 500]);
    // Others see the same images.
    const seen = await alice.client.v1.accounts.$select(alice.account.id).fetch();
    assert.deepEqual([seen.avatar, seen.header], [updated.avatar, updated.header]);
  });

  it("keeps an animated GIF avatar animated and shows a still PNG as avatar_static", async function () {
    this.timeout(60_000);
    const before = await alice.client.v1.accounts.verifyCredentials();
    const { status, body } = await patch({ avatar: new File([new Uint8Array(await animatedGif())], "wave.gif", { type: "image/gif" }) });
    assert.equal(status, 200, JSON.stringify(body));
    assert.match(body.avatar, /\/original\/\d+\.gif$/);
    assert.match(body.avatar_static, /\/static\/\d+\.png$/);
    assert.equal(body.header, before.header, "the header is kept");
    const animated = await served(body.avatar);
    assert.deepEqual([animated.type, animated.width, animated.height], ["image/gif", 400, 400]);
    assert.ok(animated.pages > 1, "still animated");
    const still = await served(body.avatar_static);
    assert.deepEqual([still.type, still.width, still.height, still.pages], ["image/png", 400, 400, 1]);
  });

  it("refuses bad images and bad fields with 422 JSON and keeps the old avatar", async function () {
    this.timeout(60_000);
    const before = await alice.client.v1.accounts.verifyCredentials();
    const refusals: Array<[Record<string, string | Blob>, RegExp]> = [
      [{ avatar: new File(["just text, honestly"], "cat.png", { type: "image/png" }) }, /Avatar content type is invalid/],
      [{ header: new File([new Uint8Array(await oversizedPng(2 * 1024 * 1024))], "big.png", { type: "image/png" }) }, /2 MB/],
      [{ display_name: "x".repeat(31), avatar: blob(await png(50, 50)) }, /display_name|Display name/i],
    ];
    for (const [parts, message] of refusals) {
      const { status, body } = await patch(parts);
      assert.equal(status, 422, JSON.stringify(body));
      assert.match(body.error, message);
    }
    const json = await fetch(`${stack.url}/api/v1/accounts/update_credentials`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${alice.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ avatar: "https://elsewhere.example/a.png" }),
    });
    assert.equal(json.status, 422);
    assert.match(((await json.json()) as { error: string }).error, /avatar must be a file/);
    await assert.rejects(alice.client.v1.accounts.updateCredentials({ avatar: blob(Buffer.from("%PDF-1.4 not an image")) }), (e: unknown) => e instanceof MastoHttpError && e.statusCode === 422);
    const after = await alice.client.v1.accounts.verifyCredentials();
    assert.deepEqual([after.avatar, after.avatarStatic, after.header, after.displayName], [before.avatar, before.avatarStatic, before.header, before.displayName]);
    await served(after.avatar);
  });
}

describeOnBothStacks("profile images", describeProfileImages);
