// Remote media as Mastodon serves it: an image attached to a post from another server is
// downloaded, processed and served from Starling's own storage (local disk on the embedded run, the
// S3-compatible server on the production-like one), and `starling media remove-remote` frees the
// copy again, the attachment falling back to the remote file.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { mastodon } from "masto";
import { waitFor } from "@starling/testkit";
import { startFedifyPeer, type FedifyPeer } from "../src/harness/fedify-peer.ts";
import * as fixtures from "../src/harness/mastodon-fixtures.ts";
import { newSession, type Session } from "../src/harness/masto-session.ts";
import { png, sharp } from "../src/harness/media-files.ts";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Stack } from "../src/harness/stack.ts";

const ARRIVAL = { timeoutMs: 60_000, intervalMs: 300 };

describeOnBothStacks("Remote media cached by Starling", (start) => {
  let stack: Stack;
  let peer: FedifyPeer;
  let files: Server;
  let filesOrigin: string;
  let bob: Session;
  let author: string;
  const suffix = randomBytes(3).toString("hex");

  before(async function () {
    this.timeout(300_000);
    stack = await start();
    peer = await startFedifyPeer();
    const image = await png(640, 480, "#cc3333");
    // The remote server's file host, as Mastodon puts media on its own (often another) host.
    files = createServer((req, res) => (req.url === "/media/red.png" ? res.writeHead(200, { "content-type": "image/png" }).end(image) : res.writeHead(404).end()));
    await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
    filesOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    bob = await newSession(stack, "bob", suffix);
    author = await peer.addActor(`painter${suffix}`);
  });
  after(async function () {
    this.timeout(60_000);
    await Promise.all([stack?.stop(), peer?.stop(), new Promise((resolve) => files?.close(resolve))]);
  });

  /** The status with ActivityPub id `uri`, as bob's client sees it. */
  const seen = async (uri: string) => (await bob.client.v2.search.list({ q: uri, resolve: true, type: "statuses" })).statuses.find((s) => s.uri === uri);

  it("serves a remote post's image from its own storage with meta and blurhash, and remove-remote falls back to the remote file", async function () {
    this.timeout(180_000);
    const { domain } = (await (await fetch(`${stack.url}/api/v2/instance`)).json()) as { domain: string };
    const bobUri = `http://${domain}/users/${bob.account.username}`;
    const remoteUrl = `${filesOrigin}/media/red.png`;
    const create = fixtures.createNote({
      actor: author,
      content: `<p>A red square for <span class="h-card"><a href="${bobUri}" class="u-url mention">@<span>${bob.account.username}</span></a></span> ${suffix}</p>`,
      mentions: [{ href: bobUri, name: `@${bob.account.username}@${domain}` }],
      attachments: [{ url: remoteUrl, mediaType: "image/png", name: "red", width: 64, height: 48 }],
    });
    assert.equal(await peer.sendJson(`painter${suffix}`, create, `http://${domain}/inbox`), 202);

    const cached = await waitFor(async () => {
      const media = (await seen(create.object.id))?.mediaAttachments[0];
      return media && media.url !== remoteUrl ? media : undefined;
    }, { ...ARRIVAL, what: "the attachment served from Starling's storage" });
    assert.equal(cached.type, "image");
    assert.equal(cached.remoteUrl, remoteUrl);
    const stored = `http://${domain}/system/media_attachments/`;
    assert.ok(cached.url!.startsWith(stored), cached.url!);
    assert.ok(cached.previewUrl?.startsWith(stored) && cached.previewUrl !== cached.url, cached.previewUrl ?? "no preview");
    const meta = cached.meta as { original?: { width?: number; height?: number }; small?: unknown } | null;
    assert.deepEqual([meta?.original?.width, meta?.original?.height], [640, 480], "the file's size, not the declared one");
    assert.ok(meta?.small, "meta of the thumbnail");
    assert.notEqual(cached.blurhash, "UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH", "computed from the file");
    const served = await fetch(cached.url!);
    assert.equal(served.status, 200);
    assert.deepEqual(await sharp(Buffer.from(await served.arrayBuffer())).metadata().then((m) => [m.format, m.width, m.height]), ["png", 640, 480]);

    const printed = await stack.cli(["media", "remove-remote", "--days", "0"]);
    const freed = /^Removed (\d+) cached files of remote media, freeing (\d+) bytes/m.exec(printed);
    assert.ok(freed, printed);
    assert.ok(Number(freed[1]) >= 2 && Number(freed[2]) > 0, printed);

    const fallen: mastodon.v1.MediaAttachment = await waitFor(async () => {
      const media = (await seen(create.object.id))?.mediaAttachments[0];
      return media?.url === remoteUrl ? media : undefined;
    }, { ...ARRIVAL, what: "the attachment back on the remote file" });
    assert.equal(fallen.previewUrl, remoteUrl);
    assert.equal(fallen.remoteUrl, remoteUrl);
    assert.equal((await fetch(cached.url!)).status, 404, "the cached file is deleted");
  });
});
