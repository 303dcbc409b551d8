import assert from "node:assert/strict";
import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import { accountFixture } from "../../test/fixtures/accounts-server.ts";
import { presentStatusPage } from "./status.ts";

const base = "https://example.test";
const alice = accountFixture({ id: "1", username: "alice", emojiShortcodes: ["blobcat"] });
const bob = accountFixture({ id: "2", username: "bob", domain: "remote.example", uri: "https://remote.example/users/bob", emojiShortcodes: ["wave"] });

const emoji = (shortcode: string, domain?: string): CustomEmoji => {
  const url = domain ? `https://${domain}/emojis/${shortcode}.png` : `${base}/system/custom_emojis/${shortcode}.png`;
  return { id: `${shortcode}@${domain ?? ""}`, shortcode, domain, url, staticUrl: url, visibleInPicker: true, disabled: false, createdAt: undefined, updatedAt: undefined };
};
// The registry: :blobcat: here and on remote.example, :local_only: here, :wave: on remote.example.
const registry = [emoji("blobcat"), emoji("local_only"), emoji("blobcat", "remote.example"), emoji("wave", "remote.example")];

const status = (id: string, accountId: string, emojiShortcodes: string[]): Status => ({
  id, uri: `${base}/statuses/${id}`, accountId, content: "<p>:blobcat:</p>", text: "", spoilerText: "",
  visibility: "public", sensitive: false, createdAt: new Date("2024-03-05T17:45:12Z"), editedAt: undefined, repliesCount: 0,
  reblogsCount: 0, favouritesCount: 0, application: undefined, local: accountId === alice.id, mediaIds: [], mentionedAccountIds: [], tags: [],
  emojiShortcodes, filtered: [],
});

const urlsOf = (entities: unknown) => (entities as { url: string }[]).map((e) => e.url);

// The page carries every emoji the statuses and their authors use, each of its own domain.
const present = (statuses: Status[]) => presentStatusPage({ viewer: undefined, baseUrl: base }, { statuses, accounts: [alice, bob], media: [], polls: [], cards: [], emojis: registry });

describe("Status presenter: custom emojis of remote statuses", () => {
  it("takes a remote status's emojis from its author's server, and a local status's from here", () => {
    const [local, remote] = present([status("1", alice.id, ["blobcat", "local_only"]), status("2", bob.id, ["blobcat", "local_only", "wave"])]);
    assert.deepEqual(urlsOf(local!.emojis), [`${base}/system/custom_emojis/blobcat.png`, `${base}/system/custom_emojis/local_only.png`]);
    // :local_only: names nothing on remote.example, so the remote status shows it as text.
    assert.deepEqual(urlsOf(remote!.emojis), ["https://remote.example/emojis/blobcat.png", "https://remote.example/emojis/wave.png"]);
    assert.deepEqual((remote!.emojis as { static_url: string }[]).map((e) => e.static_url), ["https://remote.example/emojis/blobcat.png", "https://remote.example/emojis/wave.png"]);
  });

  it("renders each author's profile emojis from the author's own server", () => {
    const [local, remote] = present([status("1", alice.id, ["blobcat"]), status("2", bob.id, ["blobcat"])]);
    assert.deepEqual(urlsOf((local!.account as { emojis: unknown }).emojis), [`${base}/system/custom_emojis/blobcat.png`]);
    assert.deepEqual(urlsOf((remote!.account as { emojis: unknown }).emojis), ["https://remote.example/emojis/wave.png"]);
  });
});
