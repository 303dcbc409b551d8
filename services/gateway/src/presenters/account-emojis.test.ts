import assert from "node:assert/strict";
import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import { accountFixture } from "../../test/fixtures/accounts-server.ts";
import { startCustomEmojisFixture, type RunningCustomEmojis } from "../../test/fixtures/custom-emojis-server.ts";
import type { Clients } from "../clients/gateway-clients.ts";
import { accountEmojis, loadAccountEmojis } from "./account-emojis.ts";
import { emojiKey } from "./custom-emoji.ts";
import { presentAccount } from "./account.ts";

const base = "https://example.test";

const emoji = (shortcode: string, domain?: string, overrides: Partial<CustomEmoji> = {}): CustomEmoji => ({
  id: "1",
  shortcode,
  domain,
  url: `${base}/system/custom_emojis/images/${shortcode}.gif`,
  staticUrl: `${base}/system/custom_emojis/images/${shortcode}.png`,
  visibleInPicker: true,
  disabled: false,
  createdAt: undefined,
  updatedAt: undefined,
  ...overrides,
});

describe("Account presenter: custom emojis of profiles", () => {
  const known = new Map([emoji("blobcat"), emoji("hidden", undefined, { visibleInPicker: false, category: "Secret" }), emoji("blobcat", "remote.example", { url: "https://remote.example/blobcat.png" })].map((e) => [emojiKey(e.shortcode, e.domain), e]));

  it("lists the known emojis a profile uses, once each, in the order it uses them", () => {
    const json = presentAccount(accountFixture({ emojiShortcodes: ["hidden", "unknown", "blobcat", "hidden"] }), base, undefined, known);
    assert.deepEqual(json.emojis, [
      { shortcode: "hidden", url: `${base}/system/custom_emojis/images/hidden.gif`, static_url: `${base}/system/custom_emojis/images/hidden.png`, visible_in_picker: false, category: "Secret" },
      { shortcode: "blobcat", url: `${base}/system/custom_emojis/images/blobcat.gif`, static_url: `${base}/system/custom_emojis/images/blobcat.png`, visible_in_picker: true, category: null },
    ]);
  });

  it("takes a remote profile's emojis from its own server, never a local one of the same name", () => {
    assert.deepEqual(accountEmojis({ emojiShortcodes: ["blobcat", "hidden"], domain: "remote.example" }, known).map((e) => e.url), ["https://remote.example/blobcat.png"]);
  });

  it("shows no emojis for a suspended account, or when none were loaded", () => {
    assert.deepEqual(presentAccount(accountFixture({ emojiShortcodes: ["blobcat"], suspended: true }), base, undefined, known).emojis, []);
    assert.deepEqual(presentAccount(accountFixture({ emojiShortcodes: ["blobcat"] }), base).emojis, []);
  });

  describe("loading", () => {
    let emojis: RunningCustomEmojis;
    let clients: Pick<Clients, "customEmojis">;
    before(async () => {
      emojis = await startCustomEmojisFixture([...known.values()]);
      clients = { customEmojis: emojis.client };
    });
    after(() => emojis?.stop());
    beforeEach(() => (emojis.requests.length = 0));

    it("asks once for every account of a response, each shortcode with its account's domain", async () => {
      const accounts = [
        accountFixture({ id: "1", emojiShortcodes: ["blobcat", "hidden"] }),
        accountFixture({ id: "2", emojiShortcodes: ["blobcat"] }),
        accountFixture({ id: "3", domain: "remote.example", emojiShortcodes: ["blobcat"] }),
        accountFixture({ id: "4", suspended: true, emojiShortcodes: ["gone"] }),
      ];
      const loaded = await loadAccountEmojis({ clients: clients as Clients, viewerToken: undefined }, accounts);
      assert.equal(emojis.requests.length, 1);
      assert.deepEqual(emojis.requests[0]!.refs.map((r) => `${r.shortcode}@${r.domain ?? ""}`), ["blobcat@", "hidden@", "blobcat@remote.example"]);
      assert.deepEqual([...loaded.keys()].sort(), ["blobcat@", "blobcat@remote.example", "hidden@"]);
    });

    it("makes no call when no profile uses a shortcode", async () => {
      assert.equal((await loadAccountEmojis({ clients: clients as Clients, viewerToken: undefined }, [accountFixture()])).size, 0);
      assert.equal(emojis.requests.length, 0);
    });
  });
});
