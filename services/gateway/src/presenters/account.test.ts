import assert from "node:assert/strict";
import { accountFixture } from "../../test/fixtures/accounts-server.ts";
import { presentAccount, presentCredentialAccount } from "./account.ts";

const base = "https://example.test";

describe("Account presenter", () => {
  it("renders acct as the bare username for a local account, marked noindex false", () => {
    const json = presentAccount(accountFixture({ username: "alice", domain: undefined }), base);
    assert.equal(json.acct, "alice");
    assert.equal(json.noindex, false);
  });

  it("renders acct as user@domain for a remote account, with a punycode domain in Unicode", () => {
    const json = presentAccount(accountFixture({ username: "bob", domain: "xn--mnchen-3ya.de" }), base);
    assert.equal(json.acct, "bob@münchen.de");
    assert.equal("noindex" in json, false);
    assert.equal(presentAccount(accountFixture({ username: "carol", domain: "mastodon.social" }), base).acct, "carol@mastodon.social");
  });

  it("shows only the day an account was created, at midnight UTC", () => {
    assert.equal(presentAccount(accountFixture({ createdAt: new Date("2024-03-05T23:59:59.999Z") }), base).created_at, "2024-03-05T00:00:00.000Z");
  });

  it("renders last_status_at as a date without time, or null", () => {
    assert.equal(presentAccount(accountFixture({ lastStatusAt: new Date("2024-03-06T10:11:12Z") }), base).last_status_at, "2024-03-06");
    assert.equal(presentAccount(accountFixture({ lastStatusAt: undefined }), base).last_status_at, null);
  });

  it("renders absent values as null, never as empty strings, and counts as numbers", () => {
    const json = presentAccount(accountFixture({ url: undefined, discoverable: undefined, followersCount: 12 }), base);
    assert.equal(json.url, null);
    assert.equal(json.discoverable, null);
    assert.equal(json.followers_count, 12);
  });

  it("falls back to the missing avatar and header images when the account has none", () => {
    const json = presentAccount(accountFixture({ avatarUrl: undefined, headerUrl: undefined }), base);
    assert.equal(json.avatar, "https://example.test/avatars/original/missing.png");
    assert.equal(json.avatar_static, "https://example.test/avatars/original/missing.png");
    assert.equal(json.header, "https://example.test/headers/original/missing.png");
  });

  it("renders the still PNG of a GIF avatar and header as avatar_static and header_static, else the image itself", () => {
    const gif = presentAccount(accountFixture({ avatarUrl: "https://e.test/a.gif", avatarStaticUrl: "https://e.test/a.png", headerUrl: "https://e.test/h.gif", headerStaticUrl: "https://e.test/h.png" }), base);
    assert.deepEqual([gif.avatar, gif.avatar_static, gif.header, gif.header_static], ["https://e.test/a.gif", "https://e.test/a.png", "https://e.test/h.gif", "https://e.test/h.png"]);
    const still = presentAccount(accountFixture({ avatarUrl: "https://e.test/a.jpg", headerUrl: "https://e.test/h.jpg" }), base);
    assert.deepEqual([still.avatar_static, still.header_static], ["https://e.test/a.jpg", "https://e.test/h.jpg"]);
  });

  it("renders a suspended account with its profile emptied", () => {
    const json = presentAccount(
      accountFixture({
        suspended: true,
        displayName: "Spammer",
        note: "<p>buy now</p>",
        locked: true,
        bot: true,
        avatarUrl: "https://cdn.example/a.png",
        fields: [{ name: "site", value: "spam.example", verifiedAt: undefined }],
      }),
      base,
    );
    assert.equal(json.suspended, true);
    assert.equal(json.display_name, "");
    assert.equal(json.note, "");
    assert.equal(json.locked, false);
    assert.equal(json.bot, false);
    assert.deepEqual(json.fields, []);
    assert.equal(json.avatar, "https://example.test/avatars/original/missing.png");
    assert.equal("suspended" in presentAccount(accountFixture(), base), false);
  });

  it("renders profile fields with verified_at as ISO time or null", () => {
    const verifiedAt = new Date("2024-01-02T03:04:05.000Z");
    const json = presentAccount(accountFixture({ fields: [{ name: "web", value: "x", verifiedAt }, { name: "pgp", value: "y", verifiedAt: undefined }] }), base);
    assert.deepEqual(json.fields, [
      { name: "web", value: "x", verified_at: "2024-01-02T03:04:05.000Z" },
      { name: "pgp", value: "y", verified_at: null },
    ]);
  });

  it("gives a credential account a source and the placeholder role when it has none", () => {
    const json = presentCredentialAccount(accountFixture(), undefined, undefined, base);
    assert.deepEqual(json.source, { privacy: "public", sensitive: false, language: null, note: "", fields: [], follow_requests_count: 0 });
    assert.deepEqual(json.role, { id: "-99", name: "", permissions: "0", color: "", highlighted: false });
  });
});
