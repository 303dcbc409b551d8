import assert from "node:assert/strict";
import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import { accountFixture, startAccountsFixture, testConfig, type RunningAccounts } from "../../test/fixtures/accounts-server.ts";
import { startCustomEmojisFixture, type RunningCustomEmojis } from "../../test/fixtures/custom-emojis-server.ts";
import type { RouteContext } from "../http/route.ts";
import { presentStatuses } from "./status.ts";

const base = "https://example.test";
const alice = accountFixture({ id: "1", username: "alice", emojiShortcodes: ["blobcat"] });
const bob = accountFixture({ id: "2", username: "bob", domain: "remote.example", uri: "https://remote.example/users/bob", emojiShortcodes: ["wave"] });

const emoji = (shortcode: string, domain: string): CustomEmoji => {
  const url = domain ? `https://${domain}/emojis/${shortcode}.png` : `${base}/system/custom_emojis/${shortcode}.png`;
  return { id: `${shortcode}@${domain}`, shortcode, domain, url, staticUrl: url, visibleInPicker: true, category: "", disabled: false, createdAt: undefined, updatedAt: undefined };
};
// The registry: :blobcat: here and on remote.example, :local_only: here, :wave: on remote.example.
const registry = [emoji("blobcat", ""), emoji("local_only", ""), emoji("blobcat", "remote.example"), emoji("wave", "remote.example")];

const status = (id: string, accountId: string, emojiShortcodes: string[]): Status => ({
  id, uri: `${base}/statuses/${id}`, url: "", accountId, inReplyToId: "", inReplyToAccountId: "", content: "<p>:blobcat:</p>", text: "", spoilerText: "",
  visibility: "public", sensitive: false, language: "", createdAt: new Date("2024-03-05T17:45:12Z"), editedAt: undefined, repliesCount: "0",
  reblogsCount: "0", favouritesCount: "0", application: undefined, local: accountId === alice.id, mediaIds: [], mentionedAccountIds: [], tags: [],
  emojiShortcodes, reblogOfId: "", cardId: "", pollId: "",
});

const urlsOf = (entities: unknown) => (entities as { url: string }[]).map((e) => e.url);

describe("Status presenter: custom emojis of remote statuses", () => {
  let accounts: RunningAccounts;
  let emojis: RunningCustomEmojis;
  let ctx: RouteContext;

  before(async () => {
    accounts = await startAccountsFixture({ accounts: [alice, bob] });
    emojis = await startCustomEmojisFixture(registry);
    ctx = { config: testConfig(), clients: { ...accounts.clients, customEmojis: emojis.client }, viewer: undefined, viewerToken: undefined, baseUrl: base, headers: {} };
  });
  after(async () => {
    await emojis?.stop();
    await accounts?.stop();
  });
  beforeEach(() => void (emojis.requests.length = 0));

  it("takes a remote status's emojis from its author's server, and a local status's from here", async () => {
    const [local, remote] = await presentStatuses(ctx, [status("1", alice.id, ["blobcat", "local_only"]), status("2", bob.id, ["blobcat", "local_only", "wave"])]);
    assert.deepEqual(urlsOf(local!.emojis), [`${base}/system/custom_emojis/blobcat.png`, `${base}/system/custom_emojis/local_only.png`]);
    // :local_only: names nothing on remote.example, so the remote status shows it as text.
    assert.deepEqual(urlsOf(remote!.emojis), ["https://remote.example/emojis/blobcat.png", "https://remote.example/emojis/wave.png"]);
    assert.deepEqual((remote!.emojis as { static_url: string }[]).map((e) => e.static_url), ["https://remote.example/emojis/blobcat.png", "https://remote.example/emojis/wave.png"]);
  });

  it("looks up the statuses' and their authors' emojis in one call, each shortcode with its domain", async () => {
    const [local, remote] = await presentStatuses(ctx, [status("1", alice.id, ["blobcat"]), status("2", bob.id, ["blobcat"])]);
    assert.equal(emojis.requests.length, 1);
    assert.deepEqual(emojis.requests[0]!.refs.map((r) => `${r.shortcode}@${r.domain}`), ["blobcat@", "blobcat@remote.example", "wave@remote.example"]);
    assert.deepEqual(urlsOf((local!.account as { emojis: unknown }).emojis), [`${base}/system/custom_emojis/blobcat.png`]);
    assert.deepEqual(urlsOf((remote!.account as { emojis: unknown }).emojis), ["https://remote.example/emojis/wave.png"]);
  });

  it("makes no emoji call when neither the statuses nor their authors use any", async () => {
    const quiet = accountFixture({ id: "3", username: "quiet" });
    const only = await startAccountsFixture({ accounts: [quiet] });
    try {
      await presentStatuses({ ...ctx, clients: { ...only.clients, customEmojis: emojis.client } }, [status("3", quiet.id, [])]);
      assert.equal(emojis.requests.length, 0);
    } finally {
      await only.stop();
    }
  });
});
