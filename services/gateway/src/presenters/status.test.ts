import assert from "node:assert/strict";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import type { StatusPage } from "@starling/proto/statuses/v1/statuses";
import { accountFixture } from "../../test/fixtures/accounts-server.ts";
import { presentStatusPage, renderStatus } from "./status.ts";

const base = "https://example.test";
const alice = accountFixture({ id: "1", username: "alice" });
const bob = accountFixture({ id: "2", username: "bob", domain: "remote.example" });

function statusFixture(overrides: Partial<Status> = {}): Status {
  return {
    id: "100",
    uri: "https://example.test/users/alice/statuses/100",
    url: "https://example.test/@alice/100",
    accountId: "1",
    content: "<p>hello</p>",
    text: "hello",
    spoilerText: "",
    visibility: "public",
    sensitive: false,
    createdAt: new Date("2024-03-05T17:45:12.345Z"),
    editedAt: undefined,
    repliesCount: 1,
    reblogsCount: 2,
    favouritesCount: 3,
    application: undefined,
    local: true,
    mediaIds: [],
    mentionedAccountIds: [],
    tags: [],
    emojiShortcodes: [],
    filtered: [],
    ...overrides,
  };
}

const anonymous = { viewer: undefined, baseUrl: base };
const as = (accountId: string) => ({ viewer: { accountId, scopes: ["read"] }, baseUrl: base });

describe("Status presenter", () => {
  it("shows a sensitized author's statuses as sensitive to everyone but the author", () => {
    const sensitized = accountFixture({ id: "1", username: "alice", sensitized: true });
    assert.equal(renderStatus(anonymous, statusFixture(), sensitized, false).sensitive, true);
    assert.equal(renderStatus(as("2"), statusFixture(), sensitized, false).sensitive, true);
    assert.equal(renderStatus(as("1"), statusFixture(), sensitized, false).sensitive, false);
    assert.equal(renderStatus(anonymous, statusFixture(), alice, false).sensitive, false);
  });

  it("renders the HTML content, or the typed text for delete-and-redraft", () => {
    const html = renderStatus(anonymous, statusFixture(), alice, false);
    const source = renderStatus(anonymous, statusFixture(), alice, true);
    assert.equal(html.content, "<p>hello</p>");
    assert.equal("text" in html, false);
    assert.equal(source.text, "hello");
    assert.equal("content" in source, false);
  });

  it("renders absent values as null, times as ISO 8601 and counts as numbers", () => {
    const json = renderStatus(anonymous, statusFixture(), alice, false);
    assert.equal(json.in_reply_to_id, null);
    assert.equal(json.in_reply_to_account_id, null);
    assert.equal(json.language, null);
    assert.equal(json.edited_at, null);
    assert.equal(json.application, null);
    assert.equal(json.created_at, "2024-03-05T17:45:12.345Z");
    assert.deepEqual([json.replies_count, json.reblogs_count, json.favourites_count], [1, 2, 3]);
  });

  it("renders the application with a null website when it has none", () => {
    const json = renderStatus(anonymous, statusFixture({ application: { name: "Tusky" } }), alice, false);
    assert.deepEqual(json.application, { name: "Tusky", website: null });
  });

  it("adds the viewer's favourited, reblogged, muted and bookmarked flags only for a signed-in viewer", () => {
    assert.equal("favourited" in renderStatus(anonymous, statusFixture(), alice, false), false);
    const json = renderStatus(as("2"), statusFixture(), alice, false);
    assert.deepEqual([json.favourited, json.reblogged, json.muted, json.bookmarked], [false, false, false, false]);
    assert.equal("pinned" in json, false);
  });

  it("adds pinned for the author's own statuses except direct ones", () => {
    assert.equal(renderStatus(as("1"), statusFixture(), alice, false).pinned, false);
    assert.equal("pinned" in renderStatus(as("1"), statusFixture({ visibility: "direct" }), alice, false), false);
  });

  it("renders the author as a Mastodon Account", () => {
    assert.equal((renderStatus(anonymous, statusFixture({ accountId: "2" }), bob, false).account as { acct: string }).acct, "bob@remote.example");
  });

  it("renders tags with their page on this instance and the given mentions and emojis", () => {
    const mentions = [{ id: "2", username: "bob", url: "https://remote.example/@bob", acct: "bob@remote.example" }];
    const emojis = [{ shortcode: "blobcat", url: "https://example.test/e.png", static_url: "https://example.test/e.png", visible_in_picker: true, category: null }];
    const json = renderStatus(anonymous, statusFixture({ tags: ["cats", "日本"] }), alice, false, [], { mentions, emojis });
    assert.deepEqual(json.tags, [
      { name: "cats", url: "https://example.test/tags/cats" },
      { name: "日本", url: "https://example.test/tags/%E6%97%A5%E6%9C%AC" },
    ]);
    assert.deepEqual([json.mentions, json.emojis], [mentions, emojis]);
  });

  describe("a status page", () => {
    const page = (statuses: Status[], overrides: Partial<StatusPage> = {}): StatusPage => ({ statuses, accounts: [alice, bob], media: [], polls: [], cards: [], emojis: [], ...overrides });

    it("renders the statuses in the page's order, each with its author from the page", () => {
      const list = [statusFixture({ id: "3", accountId: "2" }), statusFixture({ id: "2", accountId: "1" }), statusFixture({ id: "1", accountId: "2" })];
      const rendered = presentStatusPage(as("2"), page(list));
      assert.deepEqual(rendered.map((s) => s.id), ["3", "2", "1"]);
      assert.deepEqual(rendered.map((s) => (s.account as { username: string }).username), ["bob", "alice", "bob"]);
    });

    it("renders mentions in mention order, leaving out accounts the page lacks", () => {
      const [rendered] = presentStatusPage(as("2"), page([statusFixture({ id: "6", accountId: "1", mentionedAccountIds: ["2", "404", "1"] })]));
      assert.deepEqual(rendered!.mentions, [
        { id: "2", username: "bob", url: bob.url, acct: "bob@remote.example" },
        { id: "1", username: "alice", url: alice.url, acct: "alice" },
      ]);
    });

    it("leaves out statuses whose author is gone, and reblogs whose original cannot be rendered", () => {
      const orphanReblog = statusFixture({ id: "7", accountId: "1", reblogOfId: "8", reblog: statusFixture({ id: "8", accountId: "404" }) });
      const rendered = presentStatusPage(anonymous, page([statusFixture({ id: "5", accountId: "404" }), statusFixture({ id: "4", accountId: "1" }), orphanReblog]));
      assert.deepEqual(rendered.map((s) => s.id), ["4"]);
    });

    it("nests a reblog's original, rendered with its own author", () => {
      const [rendered] = presentStatusPage(anonymous, page([statusFixture({ id: "7", accountId: "1", reblogOfId: "8", reblog: statusFixture({ id: "8", accountId: "2" }) })]));
      assert.equal((rendered!.reblog as { id: string; account: { acct: string } }).account.acct, "bob@remote.example");
      assert.equal((rendered!.reblog as { id: string }).id, "8");
    });

    it("renders nothing for an absent or empty page", () => {
      assert.deepEqual(presentStatusPage(anonymous, undefined), []);
      assert.deepEqual(presentStatusPage(anonymous, page([])), []);
    });
  });
});
