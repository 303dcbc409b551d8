import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { isBlurhashValid } from "blurhash";
import sharp from "sharp";
import type { MediaAttachment, RemoteMediaItem } from "@starling/proto/media/v1/media";
import { decodePayload } from "@starling/events";
import { roleWith } from "@starling/runtime";
import { encodePayload, EVENT_CATALOG, newEnvelope } from "@starling/events";
import { uniqueName, waitFor } from "@starling/testkit";
import { cacheRemoteMedia } from "../src/use-cases/cache-remote-media.ts";
import { backends, startMediaHarness, type MediaHarness } from "./harness.ts";
import { pngImage, videoWithSound } from "./fixtures.ts";
import { defined, fetchStored, rejectsWith } from "./support.ts";

/** Staff who may remove cached remote media (manage_federation). */
const curator = roleWith(["manage_federation"]);

// What the sender says; the cached copy's own values replace it.
const SENT_BLURHASH = "LEHV6nWB2yk8pyo0adR*.7kCMdnj";
// Small, so the oversized file stays small too.
const IMAGE_LIMIT = 256 * 1024;
const DAY = 24 * 3600_000;

/** Where the files are stored: local disk always, the S3-compatible server of scripts/servers.sh when set. */
const storages: Array<{ name: string; env: () => Record<string, string> }> = [
  { name: "local disk", env: () => ({}) },
  ...(process.env.S3_ENDPOINT
    ? [
        {
          name: "S3",
          env: () => ({
            S3_ENABLED: "true",
            S3_ENDPOINT: process.env.S3_ENDPOINT!,
            S3_BUCKET: process.env.S3_BUCKET!,
            S3_REGION: process.env.S3_REGION ?? "us-east-1",
            S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID!,
            S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY!,
            S3_PREFIX: `${uniqueName("remote_cache")}/`,
          }),
        },
      ]
    : []),
];

/** A remote server on 127.0.0.1: each path answers its queue of replies in turn (the last one repeats). */
interface Origin {
  url: string;
  serve(path: string, ...replies: Array<{ status?: number; type?: string; body: Buffer }>): string;
  hits(path: string): number;
  close(): Promise<void>;
}

async function startOrigin(): Promise<Origin> {
  const routes = new Map<string, Array<{ status?: number; type?: string; body: Buffer }>>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const queue = routes.get(path);
    const reply = queue && (queue.length > 1 ? queue.shift()! : queue[0]!);
    if (!reply) return void res.writeHead(404).end();
    res.writeHead(reply.status ?? 200, { "content-type": reply.type ?? "application/octet-stream" }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    serve: (path, ...replies) => (routes.set(path, replies), `${url}${path}`),
    hits: (path) => hits.get(path) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const item = (remoteUrl: string, extra: Partial<RemoteMediaItem> = {}): RemoteMediaItem => ({
  remoteUrl,
  mediaType: "image/png",
  blurhash: SENT_BLURHASH,
  width: 10,
  height: 10,
  ...extra,
});

for (const backend of backends) {
  for (const storage of storages) {
    describe(`remote media cache (${backend.name}, ${storage.name})`, function () {
      this.timeout(120_000);
      let h: MediaHarness;
      let origin: Origin;
      let account = 900;
      before(async () => {
        origin = await startOrigin();
        h = await startMediaHarness(backend, { workers: false, env: { ALLOW_PRIVATE_ADDRESSES: "true", REMOTE_MEDIA_IMAGE_LIMIT_BYTES: String(IMAGE_LIMIT), ...storage.env() } });
      });
      after(async () => {
        await h?.stop();
        await origin?.close();
      });

      const register = async (...items: RemoteMediaItem[]) => (await h.client.registerRemoteMedia({ accountId: String((account += 1)), items })).media;
      const read = async (id: string) => (await h.client.getMedia({ ids: [id] })).media[0]!;
      const assertRemoteLink = (media: MediaAttachment, url: string) => {
        assert.equal(media.url, url, "the remote file is shown");
        assert.equal(media.previewUrl, url, "an image is its own preview");
        assert.equal(media.remoteUrl, url);
        assert.equal(media.blurhash, SENT_BLURHASH, "the sender's blurhash stays");
      };

      it("queues nothing of a server whose media is rejected: the attachment stays on the remote server", async () => {
        const url = origin.serve("/rejected.png", { type: "image/png", body: await pngImage(40, 30) });
        const [media] = (await h.client.registerRemoteMedia({ accountId: String((account += 1)), items: [item(url)], skipCache: true })).media;
        assert.equal(await cacheRemoteMedia(h.deps, media!.id), undefined, "not queued for caching");
        assertRemoteLink(await read(media!.id), url);
        assert.equal(origin.hits("/rejected.png"), 0);
      });

      it("caches a remote image: local url and thumbnail, meta and blurhash from the file, remote_url kept", async () => {
        const url = origin.serve("/cat.png", { type: "image/png", body: await pngImage(800, 600) });
        const [media] = await register(item(url, { description: "a cat" }));
        assertRemoteLink(await read(media!.id), url);
        const cached = (await cacheRemoteMedia(h.deps, media!.id))!;
        assert.equal(origin.hits("/cat.png"), 1);
        const shown = await read(media!.id);
        assert.match(shown.url!, /^https:\/\/social\.test\/system\/media_attachments\/files\/(\d{3}\/)+original\/\d+\.png$/);
        assert.match(shown.previewUrl!, /\/small\/\d+\.png$/);
        assert.equal(shown.remoteUrl, url);
        assert.equal(shown.type, "image");
        assert.equal(shown.description, "a cat");
        assert.deepEqual(defined(shown.meta?.original), { width: 800, height: 600, size: "800x600", aspect: 800 / 600 }, "the file's size, not the declared 10x10");
        assert.deepEqual(defined(shown.meta?.small), { width: 554, height: 415, size: "554x415", aspect: 554 / 415 });
        assert.ok(isBlurhashValid(shown.blurhash!).result);
        assert.notEqual(shown.blurhash, SENT_BLURHASH, "computed from the file");
        assert.equal(cached.record.id, media!.id);
        assert.equal(cached.refused, undefined);
        const served = await fetchStored(h, shown.url!);
        assert.equal(served.status, 200);
        assert.deepEqual(await sharp(Buffer.from(await served.arrayBuffer())).metadata().then((m) => [m.format, m.width, m.height]), ["png", 800, 600]);
        assert.equal((await fetchStored(h, shown.previewUrl!)).status, 200);
        await waitFor(() => h.events.find((e) => e.type === "media.processed" && e.key === media!.id), { timeoutMs: 20_000 });
        assert.equal(await cacheRemoteMedia(h.deps, media!.id), undefined, "cached once");
        const [again] = await h.client.registerRemoteMedia({ accountId: String(account), items: [item(url, { description: "edited", blurhash: SENT_BLURHASH })] }).then((r) => r.media);
        assert.equal(again?.url, shown.url, "a repeated Create or an Update keeps the copy");
        assert.equal(again?.blurhash, shown.blurhash);
        assert.deepEqual(again?.meta?.original, shown.meta?.original);
      });

      it("caches a remote video through ffprobe and ffmpeg, with a still preview and its duration", async () => {
        const url = origin.serve("/clip.mov", { type: "video/quicktime", body: await videoWithSound() });
        const [media] = await register(item(url, { mediaType: "video/quicktime", width: undefined, height: undefined }));
        await cacheRemoteMedia(h.deps, media!.id);
        const shown = await read(media!.id);
        assert.equal(shown.type, "video");
        assert.match(shown.url!, /\/original\/\d+\.mp4$/);
        assert.match(shown.previewUrl!, /\/small\/\d+\.(png|jpe?g|webp)$/);
        assert.equal(shown.meta?.original?.width, 320);
        assert.ok(Math.abs((shown.meta?.original?.duration ?? 0) - 1) < 0.2, `duration ${shown.meta?.original?.duration}`);
        assert.ok(isBlurhashValid(shown.blurhash!).result);
      });

      it("refuses a file over the remote size cap and keeps the remote link, for good", async () => {
        const url = origin.serve("/huge.png", { type: "image/png", body: Buffer.concat([await pngImage(64, 64), Buffer.alloc(IMAGE_LIMIT)]) });
        const [media] = await register(item(url));
        const refused = await cacheRemoteMedia(h.deps, media!.id);
        assert.match(refused?.refused ?? "", /larger than 256 KB/, "refused, not thrown");
        assert.equal(refused?.record.fileKey, null);
        assertRemoteLink(await read(media!.id), url);
        assert.equal(await cacheRemoteMedia(h.deps, media!.id), undefined, "not tried again");
        assert.equal(origin.hits("/huge.png"), 1);
        // An Update of the post tries once more, as Mastodon re-downloads an attachment without a file.
        origin.serve("/huge.png", { type: "image/png", body: await pngImage(64, 64) });
        await h.client.registerRemoteMedia({ accountId: String(account), items: [item(url)] });
        await cacheRemoteMedia(h.deps, media!.id);
        assert.match((await read(media!.id)).url!, /^https:\/\/social\.test\/system\/media_attachments\//);
      });

      it("refuses private and loopback addresses without the test override, fetching nothing", async () => {
        const url = origin.serve("/private.png", { type: "image/png", body: await pngImage(40, 30) });
        const byName = url.replace("127.0.0.1", "localhost");
        const media = await register(item(url), item(byName));
        h.deps.remote.allowPrivate = false;
        try {
          for (const m of media) assert.match((await cacheRemoteMedia(h.deps, m.id))?.refused ?? "", /not a public address/);
        } finally {
          h.deps.remote.allowPrivate = true;
        }
        assert.equal(origin.hits("/private.png"), 0);
        assertRemoteLink(await read(media[0]!.id), url);
        assertRemoteLink(await read(media[1]!.id), byName);
      });

      it("tries a download that failed in passing again later, and gives up on a 404 at once", async () => {
        const flaky = origin.serve("/flaky.png", { status: 503, body: Buffer.from("busy") }, { type: "image/png", body: await pngImage(80, 60) });
        const gone = `${origin.url}/gone.png`;
        const [retried, missing] = await register(item(flaky), item(gone));
        await assert.rejects(cacheRemoteMedia(h.deps, retried!.id), /503/);
        assert.equal(await cacheRemoteMedia(h.deps, retried!.id), undefined, "not before its retry time");
        assertRemoteLink(await read(retried!.id), flaky);
        h.clock.now = new Date(Date.now() + 5 * 60_000);
        try {
          await cacheRemoteMedia(h.deps, retried!.id);
        } finally {
          h.clock.now = new Date();
        }
        assert.match((await read(retried!.id)).url!, /^https:\/\/social\.test\/system\//);
        await cacheRemoteMedia(h.deps, missing!.id);
        assert.equal(await cacheRemoteMedia(h.deps, missing!.id), undefined);
        assert.equal(origin.hits("/gone.png"), 1);
        assertRemoteLink(await read(missing!.id), gone);
      });

      it("remove-remote drops old cached copies, says what it freed, and the attachment falls back to the remote file", async () => {
        const url = origin.serve("/old.png", { type: "image/png", body: await pngImage(300, 200) });
        h.clock.now = new Date(Date.now() - 10 * DAY);
        let old: MediaAttachment;
        try {
          [old] = (await register(item(url))) as [MediaAttachment];
          await cacheRemoteMedia(h.deps, old.id);
        } finally {
          h.clock.now = new Date();
        }
        const cached = await read(old.id);
        const sizes = await Promise.all([cached.url!, cached.previewUrl!].map(async (u) => Number((await fetchStored(h, u)).headers.get("content-length"))));
        const recent = (await register(item(origin.serve("/recent.png", { type: "image/png", body: await pngImage(50, 50) }))))[0]!;
        await cacheRemoteMedia(h.deps, recent.id);
        const recentUrl = (await read(recent.id)).url!;

        await rejectsWith(h.client.removeRemoteMedia({ days: 7 }, await h.viewer("1")), GrpcStatus.PERMISSION_DENIED);
        await rejectsWith(h.client.removeRemoteMedia({}, await h.viewer("1", curator)), GrpcStatus.INVALID_ARGUMENT);
        await rejectsWith(h.client.removeRemoteMedia({ days: -1 }, await h.viewer("1", curator)), GrpcStatus.INVALID_ARGUMENT);
        await rejectsWith(h.client.removeRemoteMedia({ days: 2 ** 31 - 1 }, await h.viewer("1", curator)), GrpcStatus.INVALID_ARGUMENT);
        const freed = await h.client.removeRemoteMedia({ days: 7 }, await h.viewer("1", curator));
        assert.deepEqual(freed, { files: 2, bytes: sizes[0]! + sizes[1]! });

        const fallen = await read(old.id);
        assert.equal(fallen.url, url);
        assert.equal(fallen.previewUrl, url);
        assert.equal(fallen.remoteUrl, url);
        assert.deepEqual(fallen.meta?.original, cached.meta?.original, "the row keeps its meta");
        assert.equal(fallen.blurhash, cached.blurhash);
        for (const u of [cached.url!, cached.previewUrl!]) assert.equal((await fetchStored(h, u)).status, 404, `${u} is deleted`);
        assert.equal((await read(recent.id)).url, recentUrl, "newer copies stay");
        assert.equal((await fetchStored(h, recentUrl)).status, 200);
        const changes = await waitFor(() => ((found) => (found.length === 2 ? found : undefined))(h.events.filter((e) => e.type === "media.processed" && e.key === old.id)), { timeoutMs: 20_000 });
        // Cached, the copy's bytes; removed, none stored.
        assert.deepEqual(changes.map((e) => decodePayload("media.processed", e).storedBytes === undefined), [false, true]);
        assert.deepEqual(await h.client.removeRemoteMedia({ days: 7 }, await h.viewer("1", curator)), { files: 0, bytes: 0 });

        // Seen again (a refetch or an Update of its post), it is cached again.
        await h.client.registerRemoteMedia({ accountId: cached.accountId, items: [item(url)] });
        await cacheRemoteMedia(h.deps, old.id);
        assert.match((await read(old.id)).url!, /^https:\/\/social\.test\/system\/media_attachments\//);
      });
    });
  }
}

for (const backend of backends) {
  describe(`remote media cache in the background (${backend.name})`, function () {
    this.timeout(60_000);
    let h: MediaHarness;
    let origin: Origin;
    before(async () => {
      origin = await startOrigin();
      h = await startMediaHarness(backend, { env: { ALLOW_PRIVATE_ADDRESSES: "true", MEDIA_WORKER_POLL_MS: "60000" } });
    });
    after(async () => {
      await h?.stop();
      await origin?.close();
    });

    it("the processing worker caches a registered attachment without being asked", async () => {
      const url = origin.serve("/bg.png", { type: "image/png", body: await pngImage(120, 90) });
      const [media] = (await h.client.registerRemoteMedia({ accountId: "990", items: [item(url)] })).media;
      const shown = await waitFor(async () => {
        const [m] = (await h.client.getMedia({ ids: [media!.id] })).media;
        return m?.url !== url && m;
      }, { timeoutMs: 30_000 });
      assert.match(shown.url!, /^https:\/\/social\.test\/system\/media_attachments\//);
      assert.equal(shown.remoteUrl, url);
    });
    it("a domain block with reject_media drops the server's cached files at once: the attachment falls back to its remote URL", async () => {
      const url = origin.serve("/rejected-later.png", { type: "image/png", body: await pngImage(120, 90) });
      // The same test server under another name: another server, whose copy stays.
      const other = origin.serve("/kept.png", { type: "image/png", body: await pngImage(60, 40) }).replace("127.0.0.1", "localhost");
      const [media, kept] = (await h.client.registerRemoteMedia({ accountId: "991", items: [item(url), item(other)] })).media;
      const cachedCopy = (id: string, remote: string) =>
        waitFor(async () => {
          const [m] = (await h.client.getMedia({ ids: [id] })).media;
          return m?.url !== remote && m;
        }, { timeoutMs: 30_000, what: `${remote} cached` });
      const [cached, keptCopy] = await Promise.all([cachedCopy(media!.id, url), cachedCopy(kept!.id, other)]);
      assert.equal((await fetchStored(h, cached.url!)).status, 200);
      const processed = () => h.events.filter((e) => e.type === "media.processed" && e.key === media!.id).length;
      const before = processed();

      const type = "admin_domain_block.created";
      const block = { blockId: "9301", domain: "127.0.0.1", severity: "noop", rejectMedia: true, rejectReports: false, previousSeverity: undefined };
      await h.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "moderation", key: block.blockId, payload: encodePayload(type, block) })]);
      const fallen = await waitFor(async () => {
        const [m] = (await h.client.getMedia({ ids: [media!.id] })).media;
        return m?.url === url && m;
      }, { timeoutMs: 30_000, what: "the attachment shown from the remote server" });
      assert.equal(fallen.remoteUrl, url);
      assert.equal(fallen.previewUrl, url);
      for (const u of [cached.url!, cached.previewUrl!]) assert.equal((await fetchStored(h, u)).status, 404, `${u} is deleted`);
      await waitFor(() => processed() > before, { timeoutMs: 20_000, what: "media.processed told the holders of copies" });
      assert.equal((await h.client.getMedia({ ids: [kept!.id] })).media[0]?.url, keptCopy.url, "another server's copy stays");
      assert.equal((await fetchStored(h, keptCopy.url!)).status, 200);
    });
  });
}
