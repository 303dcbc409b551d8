import assert from "node:assert/strict";
import type { mastodon } from "masto";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { jpegWithExif, oversizedPng, png, sharp, shortAudio, shortVideo } from "../src/harness/media-files.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Media = mastodon.v1.MediaAttachment;
type Answer = { status: number; body: Record<string, any> };

/** Uploads, media edits and attachments through the gateway; run against each kind of stack. */
function describeMedia(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  suiteSessions(start, ["alice", "bob"], (suite) => ({ stack, alice, bob } = suite));

  /** Sends a multipart upload as a browser would and returns status and JSON body. */
  async function upload(who: Session, path: string, file: Buffer, fileName: string, type: string, fields: Record<string, string> = {}): Promise<Answer> {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(file)], { type }), fileName);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const res = await fetch(`${stack.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${who.accessToken}` }, body: form });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  }
  const call = async (who: Session, method: string, path: string, json?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { authorization: `Bearer ${who.accessToken}`, ...(json ? { "content-type": "application/json" } : {}) };
    const res = await fetch(`${stack.url}${path}`, { method, headers, body: json ? JSON.stringify(json) : undefined });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const served = async (url: string) => {
    const res = await fetch(url);
    assert.equal(res.status, 200, `GET ${url}`);
    return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type"), cache: res.headers.get("cache-control") };
  };

  it("processes a PNG on v1 before answering: meta, blurhash and a small preview, served from /system", async function () {
    this.timeout(60_000);
    const { status, body } = await upload(alice, "/api/v1/media", await png(640, 480), "picture.png", "image/png", { description: "blue square" });
    assert.equal(status, 200);
    assert.equal(body.type, "image");
    assert.equal(body.description, "blue square");
    assert.equal(typeof body.id, "string");
    assert.equal(body.remote_url, null);
    assert.equal(body.text_url, null);
    assert.match(body.blurhash, /^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{6,}$/);
    assert.deepEqual({ ...body.meta.original, aspect: undefined }, { width: 640, height: 480, size: "640x480", aspect: undefined });
    assert.ok(body.meta.small.width <= 640 && body.meta.small.height > 0);
    const original = await served(body.url);
    assert.equal(original.type, "image/png");
    assert.match(original.cache ?? "", /max-age=\d{6,}/);
    assert.equal((await sharp(original.bytes).metadata()).width, 640);
    assert.equal((await served(body.preview_url)).bytes.length > 0, true);
  });

  it("strips EXIF from an uploaded JPEG: the served file carries none", async function () {
    this.timeout(60_000);
    const jpeg = await jpegWithExif();
    assert.ok((await sharp(jpeg).metadata()).exif, "the fixture itself has EXIF");
    const { status, body } = await upload(alice, "/api/v1/media", jpeg, "photo.jpg", "image/jpeg");
    assert.equal(status, 200);
    assert.equal(body.type, "image");
    const original = await served(body.url);
    const meta = await sharp(original.bytes).metadata();
    assert.equal(meta.format, "jpeg");
    assert.equal(meta.exif, undefined);
    assert.equal(original.bytes.includes(Buffer.from("secret location")), false);
  });

  it("answers a v2 video upload 202 with url null, then GET /api/v1/media/:id answers 200 with the video and its thumbnail", async function () {
    this.timeout(120_000);
    const { status, body } = await upload(alice, "/api/v2/media", await shortVideo(), "clip.mp4", "video/mp4");
    assert.equal(status, 202);
    assert.equal(body.url, null);
    const seen: Answer[] = [];
    const done = await waitFor(
      async () => {
        const answer = await call(alice, "GET", `/api/v1/media/${body.id}`);
        seen.push(answer);
        return answer.status === 200 ? answer.body : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 250, what: "the video processed" },
    );
    // While processing: 206 and no URL yet; then 200, nothing else.
    assert.deepEqual(seen.slice(0, -1).map((a) => [a.status, a.body.url]), seen.slice(0, -1).map(() => [206, null]));
    assert.equal(done.type, "video");
    assert.ok(done.meta.original.duration > 0.5);
    assert.equal(done.meta.original.width, 160);
    assert.ok((await served(done.url)).bytes.length > 0);
    assert.ok((await served(done.preview_url)).bytes.length > 0, "a thumbnail taken from the video");
  });

  it("processes audio uploaded with masto's v2 create (which polls), with its duration and no preview", async function () {
    this.timeout(120_000);
    const media = (await alice.client.v2.media.create({ file: new Blob([new Uint8Array(await shortAudio())], { type: "audio/wav" }), description: "a tone" })) as Media;
    assert.equal(media.type, "audio");
    assert.equal(media.description, "a tone");
    assert.ok(media.url);
    assert.equal(media.previewUrl, null);
    assert.ok(Number((media.meta as { original?: { duration?: number } }).original?.duration) > 0.5);
  });

  it("edits a description before attaching, refuses it after, and shows a status's 4 attachments in order", async function () {
    this.timeout(120_000);
    const images = [await png(32, 32, "#ff0000"), await png(48, 32, "#00ff00"), await jpegWithExif(), await png(32, 48, "#0000ff")];
    const media: Media[] = [];
    for (const [i, image] of images.entries()) media.push(await alice.client.v1.media.create({ file: new Blob([new Uint8Array(image)], { type: i === 2 ? "image/jpeg" : "image/png" }) }));
    const edited = await alice.client.v1.media.$select(media[0]!.id).update({ description: "edited before posting", focus: "0.5,-0.5" });
    assert.equal(edited.description, "edited before posting");
    assert.deepEqual((edited.meta as { focus?: unknown }).focus, { x: 0.5, y: -0.5 });
    const ids = [media[2]!.id, media[0]!.id, media[3]!.id, media[1]!.id];
    const post = await alice.client.v1.statuses.create({ status: "", mediaIds: ids });
    assert.deepEqual(post.mediaAttachments.map((m) => m.id), ids);
    assert.equal(post.mediaAttachments[1]!.description, "edited before posting");
    const refused = await call(alice, "PUT", `/api/v1/media/${media[0]!.id}`, { description: "too late" });
    assert.equal(refused.status, 422);
    assert.equal(typeof refused.body.error, "string");
    const fetched = await bob.client.v1.statuses.$select(post.id).fetch();
    assert.deepEqual(fetched.mediaAttachments.map((m) => [m.id, m.type]), ids.map((id) => [id, "image"]));
    assert.ok(fetched.mediaAttachments.every((m) => m.url && m.blurhash));
    assert.equal(fetched.content, "");
  });

  it("refuses a text file named .png, an empty file and an oversized image with 422 JSON", async function () {
    this.timeout(120_000);
    const fake = await upload(alice, "/api/v1/media", Buffer.from("just some text, honestly"), "fake.png", "image/png");
    assert.equal(fake.status, 422);
    assert.equal(typeof fake.body.error, "string");
    const empty = await upload(alice, "/api/v2/media", Buffer.alloc(0), "empty.png", "image/png");
    assert.equal(empty.status, 422);
    assert.equal(typeof empty.body.error, "string");
    const big = await upload(alice, "/api/v1/media", await oversizedPng(10 * 1024 * 1024), "big.png", "image/png");
    assert.equal(big.status, 422);
    assert.equal(typeof big.body.error, "string");
    const noFile = await call(alice, "POST", "/api/v1/media", { description: "nothing" });
    assert.deepEqual(noFile, { status: 422, body: { error: "Validation failed: File can't be blank" } });
  });

  it("refuses a fifth attachment and someone else's upload with 422 JSON, and hides an upload from others", async function () {
    this.timeout(120_000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await upload(alice, "/api/v1/media", await png(16 + i, 16), `p${i}.png`, "image/png")).body.id);
    const five = await call(alice, "POST", "/api/v1/statuses", { status: "five", media_ids: ids });
    assert.deepEqual(five, { status: 422, body: { error: "Cannot attach more than 4 files" } });
    const stolen = await call(bob, "POST", "/api/v1/statuses", { status: "not mine", media_ids: [ids[0]] });
    assert.equal(stolen.status, 422);
    assert.equal(typeof stolen.body.error, "string");
    assert.equal((await call(bob, "GET", `/api/v1/media/${ids[0]}`)).status, 404);
    const own = await call(alice, "GET", `/api/v1/media/${ids[0]}`);
    assert.equal(own.status, 200);
    assert.equal(own.body.id, ids[0]);
  });
}

describeOnBothStacks("media", describeMedia);
