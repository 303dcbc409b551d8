import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { status } from "@grpc/grpc-js";
import { decodePayload, TOPICS, type EventEnvelope } from "@starling/events";
import { ProfilesServiceClient, type UpdateCredentialsRequest } from "@starling/proto/accounts/v1/profiles";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

const PROFILE_BASE = "http://127.0.0.1:3000";

for (const backend of backends) {
  describe(`profiles on ${backend.name}`, () => {
    let h: Harness;
    let profiles: AsyncClient<ProfilesServiceClient>;
    let pages: Server;
    let pagesUrl: string;
    const events: EventEnvelope[] = [];
    let stopEvents: () => Promise<void>;
    let seq = 0;

    before(async () => {
      h = await startHarness(backend, { ALLOW_PRIVATE_ADDRESSES: "true", VERIFY_HTTP_LINKS: "true" });
      profiles = connectService(ProfilesServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      // Pages a profile field can link to: /me/<username> links back with rel="me", /other does not.
      pages = createServer((req, res) => {
        const [, kind, username] = req.url!.split("/");
        if (kind === "me") return res.end(`<html><head><link rel="me" href="${PROFILE_BASE}/@${username}"></head><body>hi</body></html>`);
        if (kind === "anchor") return res.end(`<p><a rel="nofollow ME" href="${PROFILE_BASE}/@${username}">me</a></p>`);
        res.end(`<a href="${PROFILE_BASE}/@${username}">not rel=me</a>`);
      });
      await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
      pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
      const subscription = await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-profile-events", handler: async (e) => void events.push(e) });
      stopEvents = () => subscription.stop();
    });
    after(async () => {
      await stopEvents();
      profiles.close();
      pages.closeAllConnections();
      pages.close();
      await h.stop();
    });

    const user = async (name = "user") => {
      seq += 1;
      const { account, password } = await h.createUser(`${name}${seq}`);
      return { account, password, as: { viewerToken: await h.sign({ accountId: account.id, scopes: ["read", "write"] }) } };
    };
    const update = (as: { viewerToken: string }, request: Partial<UpdateCredentialsRequest>) => profiles.updateCredentials(request, as);

    it("updates the profile and posting defaults, rendering the note and fields and keeping their sources", async () => {
      const friend = await user("friend");
      const { account, as } = await user();
      const note = `Hello @${friend.account.username} #Cats\nsee https://example.com/about :blobcat:`;
      const fields = [{ name: "Site", value: "https://example.com" }, { name: "Pronouns", value: "they/them :wave:" }];
      const r = await update(as, { displayName: "Alice :party:", note, locked: true, bot: true, discoverable: true, fields: { fields }, privacy: "unlisted", sensitive: true, language: "de" });
      const a = r.account!;
      assert.deepEqual([a.displayName, a.locked, a.bot, a.discoverable, a.group], ["Alice :party:", true, true, true, false]);
      assert.equal(
        a.note,
        `<p>Hello <span class="h-card"><a href="${PROFILE_BASE}/@${friend.account.username}" class="u-url mention">@<span>${friend.account.username}</span></a></span> ` +
          `<a href="${PROFILE_BASE}/tags/Cats" class="mention hashtag" rel="tag">#<span>Cats</span></a><br />` +
          `see <a href="https://example.com/about" target="_blank" rel="nofollow noopener noreferrer"><span class="invisible">https://</span><span class="">example.com/about</span><span class="invisible"></span></a> :blobcat:</p>`,
      );
      assert.match(a.fields[0]!.value, /^<a href="https:\/\/example.com" target="_blank" rel="me nofollow noopener noreferrer">/);
      assert.equal(a.fields[1]!.value, "they/them :wave:");
      assert.deepEqual(a.emojiShortcodes, ["party", "blobcat", "wave"]);
      const s = r.source!;
      assert.deepEqual([s.note, s.privacy, s.sensitive, s.language], [note, "unlisted", true, "de"]);
      assert.deepEqual(s.fields.map((f) => [f.name, f.value, f.verifiedAt]), [["Site", "https://example.com", undefined], ["Pronouns", "they/them :wave:", undefined]]);
      const [stored] = (await h.client.getAccounts({ ids: [account.id] })).accounts;
      assert.equal(stored!.note, a.note);
      const prefs = await profiles.getPreferences({}, as);
      assert.deepEqual({ ...prefs }, { postingDefaultVisibility: "unlisted", postingDefaultSensitive: true, postingDefaultLanguage: "de", readingExpandMedia: "default", readingExpandSpoilers: false, interfaceLocale: undefined });
      await waitFor(() => events.some((e) => e.type === "account.updated" && decodePayload("account.updated", e).accountId === account.id), { what: "account.updated" });
    });

    it("leaves what the update does not mention as it was, and drops fields with a blank name", async () => {
      const { as } = await user();
      await update(as, { displayName: "First", note: "bio", fields: { fields: [{ name: "a", value: "1" }] } });
      const r = await update(as, { locked: true, fields: { fields: [{ name: " ", value: "x" }, { name: "b", value: "2" }] } });
      assert.deepEqual([r.account!.displayName, r.source!.note, r.account!.locked], ["First", "bio", true]);
      assert.deepEqual(r.source!.fields.map((f) => f.name), ["b"]);
      const cleared = await update(as, { fields: { fields: [] }, language: "" });
      assert.deepEqual([cleared.source!.fields.length, cleared.source!.language], [0, undefined]);
    });

    it("refuses every over-limit or invalid value with INVALID_ARGUMENT and saves nothing", async () => {
      const { account, as } = await user();
      await update(as, { displayName: "Kept", note: "kept" });
      const bad: [Partial<UpdateCredentialsRequest>, RegExp][] = [
        [{ displayName: "x".repeat(31) }, /Display name is too long \(maximum is 30 characters\)/],
        [{ note: "x".repeat(501) }, /Note is too long/],
        [{ fields: { fields: Array.from({ length: 5 }, (_, i) => ({ name: `n${i}`, value: "v" })) } }, /Fields is too long/],
        [{ fields: { fields: [{ name: "n".repeat(256), value: "v" }] } }, /Field name is too long/],
        [{ fields: { fields: [{ name: "n", value: "v".repeat(256) }] } }, /Field value is too long/],
        [{ privacy: "everyone" }, /Default privacy is not included in the list/],
        [{ language: "english" }, /Default language/],
      ];
      for (const [request, message] of bad) {
        const refused = await rejection(update(as, { displayName: "Changed", ...request }));
        assert.equal(refused.code, status.INVALID_ARGUMENT, JSON.stringify(request).slice(0, 80));
        assert.match(refused.details, message);
      }
      const [stored] = (await h.client.getAccounts({ ids: [account.id] })).accounts;
      assert.deepEqual([stored!.displayName, stored!.note], ["Kept", "<p>kept</p>"]);
      // A 30-character name and a note whose long URL counts as 23 characters are fine.
      await update(as, { displayName: "y".repeat(30), note: `${"z".repeat(470)} https://example.com/${"p".repeat(100)}` });
    });

    it("verifies a field whose page links back with rel=me, and keeps the verification while the value stays", async () => {
      const { account, as } = await user();
      const me = `${pagesUrl}/me/${account.username}`;
      const anchor = `${pagesUrl}/anchor/${account.username}`;
      const other = `${pagesUrl}/other/${account.username}`;
      await update(as, { fields: { fields: [{ name: "me", value: me }, { name: "anchor", value: anchor }, { name: "other", value: other }, { name: "text", value: `see ${me}` }] } });
      const verified = await waitFor(async () => {
        const [a] = (await h.client.getAccounts({ ids: [account.id] })).accounts;
        return a!.fields[0]!.verifiedAt && a!.fields[1]!.verifiedAt && a!.fields;
      }, { what: "verified fields" });
      assert.equal(verified[2]!.verifiedAt, undefined, "a page without rel=me");
      assert.equal(verified[3]!.verifiedAt, undefined, "a value that is not a single URL");
      // Wait until the worker is done with the whole request before changing the profile again.
      await waitFor(async () => (await h.db.table("profile_link_checks").where({ account_id: account.id })).length === 0, { what: "the check to finish" });
      const again = await update(as, { fields: { fields: [{ name: "renamed", value: me }, { name: "anchor", value: other }] } });
      assert.deepEqual(again.source!.fields[0]!.verifiedAt, verified[0]!.verifiedAt);
      assert.equal(again.source!.fields[1]!.verifiedAt, undefined);
    });

    it("accepts pending follow requests when the account unlocks", async () => {
      const target = await user("locked");
      const follower = await user("fan");
      await update(target.as, { locked: true });
      const followAs = { viewerToken: await h.sign({ accountId: follower.account.id, scopes: ["follow"] }) };
      assert.equal((await h.client.follow({ targetAccountId: target.account.id, languages: [] }, followAs)).relationship!.requested, true);
      await update(target.as, { locked: false });
      const [relationship] = (await h.client.getRelationships({ accountIds: [target.account.id] }, followAs)).relationships;
      assert.deepEqual([relationship!.following, relationship!.requested], [true, false]);
    });

    it("looks accounts up by user, @user and user@local-domain, and answers NOT_FOUND for unknown ones", async () => {
      const { account } = await user("findme");
      for (const acct of [account.username, `@${account.username.toUpperCase()}`, `${account.username}@127.0.0.1:3000`]) {
        assert.equal((await profiles.lookupAccount({ acct })).account!.id, account.id, acct);
      }
      assert.equal((await rejection(profiles.lookupAccount({ acct: "nobody_here" }))).code, status.NOT_FOUND);
      assert.equal((await rejection(profiles.lookupAccount({ acct: "a@b@c" }))).code, status.NOT_FOUND);
    });

    it("searches by username prefix and display name, exact match first, limited to followed accounts on request", async () => {
      const { account: exact } = await h.createUser("zebra");
      const { account: longer } = await h.createUser("zebra_crossing");
      const { account: named, as } = await user("plain");
      await update(as, { displayName: "Friend of Zebras" });
      const viewer = await user("searcher");
      const search = (q: string, extra: { limit?: number; offset?: number; following?: boolean } = {}) =>
        profiles.searchAccounts({ q, limit: extra.limit, offset: extra.offset ?? 0, following: extra.following ?? false, resolve: false }, viewer.as).then((r) => r.accounts.map((a) => a.id));
      const found = await search("zebra");
      assert.equal(found[0], exact.id);
      assert.deepEqual(new Set(found), new Set([exact.id, longer.id, named.id]));
      assert.deepEqual(await search("@zebra@127.0.0.1:3000", { limit: 1 }), [exact.id]);
      assert.equal((await search("zebra", { offset: 1 })).length, 2);
      assert.deepEqual(await search("zebra", { following: true }), []);
      await h.client.follow({ targetAccountId: longer.id, languages: [] }, { viewerToken: await h.sign({ accountId: viewer.account.id, scopes: ["follow"] }) });
      assert.deepEqual(await search("zebra", { following: true }), [longer.id]);
      assert.deepEqual(await search("   "), []);
    });

    it("keeps indexable off until the user opts into full-text search, and announces the change", async () => {
      const { account, as } = await user("searchable");
      assert.equal((await h.client.getAccounts({ ids: [account.id] })).accounts[0]!.indexable, false);
      assert.equal((await update(as, { indexable: true })).account!.indexable, true);
      assert.equal((await h.client.getAccounts({ ids: [account.id] })).accounts[0]!.indexable, true);
      await waitFor(() => events.find((e) => e.type === "account.updated" && e.key === account.id), { what: "account.updated" });
    });

    it("ranks search results: the exact username, then accounts the viewer follows, then the most followed", async () => {
      const { account: exact } = await h.createUser("yak");
      const { account: popular } = await h.createUser("yak_popular");
      const { account: friend } = await h.createUser("yak_friend");
      const viewer = await user("yak_searcher");
      const fan = await user("fan");
      const follow = async (accountId: string, targetAccountId: string) => h.client.follow({ targetAccountId, languages: [] }, { viewerToken: await h.sign({ accountId, scopes: ["follow"] }) });
      await follow(fan.account.id, popular.id);
      await follow(viewer.account.id, friend.id);
      const found = await profiles.searchAccounts({ q: "yak", offset: 0, following: false, resolve: false }, viewer.as);
      assert.deepEqual(found.accounts.map((a) => a.username).slice(0, 3), ["yak", "yak_friend", "yak_popular"]);
      assert.equal(found.accounts[0]!.id, exact.id);
    });

    it("moves an account to one that lists it as an alias, once, given its password, and announces account.moved", async () => {
      const old = await user("old");
      const fresh = await user("new");
      const refused = await rejection(profiles.moveAccount({ targetAcct: fresh.account.username, password: old.password }, old.as));
      assert.equal(refused.code, status.INVALID_ARGUMENT);
      assert.match(refused.details, /alias/);
      assert.equal((await rejection(profiles.addAlias({ acct: fresh.account.username }, fresh.as))).code, status.INVALID_ARGUMENT, "self");
      assert.equal((await rejection(profiles.addAlias({ acct: "ghost" }, fresh.as))).code, status.INVALID_ARGUMENT, "unknown");
      const alias = (await profiles.addAlias({ acct: `@${old.account.username}` }, fresh.as)).alias!;
      assert.deepEqual([alias.acct, alias.uri], [`${old.account.username}@127.0.0.1:3000`, old.account.uri]);
      assert.equal((await rejection(profiles.addAlias({ acct: old.account.username }, fresh.as))).code, status.INVALID_ARGUMENT, "twice");
      assert.deepEqual((await profiles.listAliases({}, fresh.as)).aliases.map((a) => a.uri), [old.account.uri]);
      const wrong = await rejection(profiles.moveAccount({ targetAcct: fresh.account.username, password: `${old.password}x` }, old.as));
      assert.deepEqual([wrong.code, wrong.details], [status.INVALID_ARGUMENT, "Invalid password"]);
      assert.equal((await rejection(profiles.moveAccount({ targetAcct: fresh.account.username, password: "" }, old.as))).details, "Invalid password");
      assert.equal((await h.client.getAccounts({ ids: [old.account.id] })).accounts[0]!.movedToAccountId, undefined, "not moved after a wrong password");
      const moved = (await profiles.moveAccount({ targetAcct: fresh.account.username, password: old.password }, old.as)).account!;
      assert.equal(moved.movedToAccountId, fresh.account.id);
      assert.equal((await h.client.getAccounts({ ids: [old.account.id] })).accounts[0]!.movedToAccountId, fresh.account.id);
      const event = await waitFor(() => events.find((e) => e.type === "account.moved" && e.key === old.account.id), { what: "account.moved" });
      assert.deepEqual({ ...decodePayload("account.moved", event) }, { accountId: old.account.id, targetAccountId: fresh.account.id });
      assert.match((await rejection(profiles.moveAccount({ targetAcct: fresh.account.username, password: old.password }, old.as))).details, /already moved/);
      await profiles.removeAlias({ acct: old.account.username }, fresh.as);
      assert.deepEqual((await profiles.listAliases({}, fresh.as)).aliases, []);
      assert.equal((await rejection(profiles.removeAlias({ acct: old.account.username }, fresh.as))).code, status.NOT_FOUND);
    });

    it("refuses app-only callers", async () => {
      const appOnly = { viewerToken: await h.sign({ scopes: ["read", "write"] }) };
      assert.equal((await rejection(profiles.getPreferences({}, appOnly))).code, status.UNAUTHENTICATED);
      assert.equal((await rejection(update(appOnly, { displayName: "x" }))).code, status.UNAUTHENTICATED);
    });
  });
}
