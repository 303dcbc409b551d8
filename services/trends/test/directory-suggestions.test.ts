// The profile directory and follow suggestions over the account read model fed by a real accounts service.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { DirectoryServiceClient } from "@starling/proto/trends/v1/directory";
import { SuggestionsServiceClient } from "@starling/proto/trends/v1/suggestions";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { asStaff, asUser, startSearchPeers, type SearchPeers } from "./support/search-peers.ts";
import { backends, startTrendsHarness, type TrendsHarness } from "./support/trends-harness.ts";

for (const backend of backends) {
  describe(`directory and suggestions on ${backend.name}`, function () {
    this.timeout(180_000);
    let service: TrendsHarness;
    let peers: SearchPeers;
    let directory: AsyncClient<DirectoryServiceClient>;
    let suggestions: AsyncClient<SuggestionsServiceClient>;
    const ids: Record<string, string> = {};
    const names = (accountIds: string[]) => accountIds.map((id) => Object.keys(ids).find((name) => ids[name] === id) ?? id);
    const known = (name: string, row: Record<string, unknown>) => waitFor(async () => (await service.db.table("search_accounts").where({ id: ids[name], ...row }).first()) !== undefined, { timeoutMs: 30_000 });
    const suggested = async (name: string) => (await suggestions.listSuggestions({}, await asUser(ids[name]!))).suggestions.map((s) => `${names([s.accountId])[0]}:${s.source}`);

    before(async () => {
      service = await startTrendsHarness(backend.url, {
        before: async (infra, context) => {
          peers = await startSearchPeers(infra, context);
          return peers.env;
        },
      });
      directory = connectService(DirectoryServiceClient, service.address, { deadlineMs: 10_000 });
      suggestions = connectService(SuggestionsServiceClient, service.address, { deadlineMs: 10_000 });
      ids.admin = await peers.createAccount("admin", "Admin");
      for (const name of ["alice", "bob", "carol", "erin", "frank", "dave"]) ids[name] = await peers.createAccount(name);
      for (const name of ["alice", "bob", "erin", "frank"]) await peers.profiles.updateCredentials({ discoverable: true }, await asUser(ids[name]!));
      // Alice posts (active); Frank is the most followed.
      await peers.post(ids.alice!, "hello directory");
      await peers.accounts.follow({ targetAccountId: ids.frank!, languages: [] }, await asUser(ids.bob!));
      await peers.security.suspendAccount({ accountId: ids.bob! }, await asStaff(ids.admin!));
      await peers.adminAccounts.restrictAccount({ accountId: ids.erin!, restriction: "silence", lift: false }, await asStaff(ids.admin!));
      await known("alice", { discoverable: true });
      await waitFor(async () => (await service.db.table("search_accounts").where({ id: ids.alice }).whereNotNull("last_status_at").first()) !== undefined, { timeoutMs: 30_000 });
      await known("frank", { discoverable: true, followers_count: 1 });
      await known("bob", { suspended: true });
      await known("erin", { silenced: true });
      await known("dave", {});
    });
    after(async () => {
      directory?.close();
      suggestions?.close();
      await service?.stop();
    });

    it("lists discoverable accounts, never a suspended, silenced or undiscoverable one", async () => {
      const active = (await directory.listDirectory({ order: "active", local: false, offset: 0 })).accountIds;
      assert.deepEqual(names(active), ["alice", "frank"]);
      const newest = (await directory.listDirectory({ order: "new", local: true, offset: 0 })).accountIds;
      assert.deepEqual(names(newest), ["frank", "alice"]);
      assert.deepEqual(names((await directory.listDirectory({ local: false, limit: 1, offset: 1 })).accountIds), ["frank"]);
      assert.deepEqual((await directory.listDirectory({ local: false, limit: 0, offset: 0 })).accountIds, [], "limit 0 is an empty page, as Mastodon's limit_param");
    });

    it("refuses an unknown order", async () => {
      await assert.rejects(directory.listDirectory({ order: "popular", local: false, offset: 0 }), (e: { code?: number }) => e.code === GrpcStatus.INVALID_ARGUMENT);
    });

    it("lets only staff with manage_taxonomies pick accounts", async () => {
      await assert.rejects(suggestions.addStaffPick({ accountId: ids.carol! }, await asUser(ids.dave!)), (e: { code?: number }) => e.code === GrpcStatus.PERMISSION_DENIED);
      await assert.rejects(suggestions.addStaffPick({ accountId: "999" }, await asStaff(ids.admin!)), (e: { code?: number }) => e.code === GrpcStatus.INVALID_ARGUMENT);
      assert.deepEqual(names((await suggestions.addStaffPick({ accountId: ids.carol! }, await asStaff(ids.admin!))).accountIds), ["carol"]);
      assert.deepEqual(names((await suggestions.listStaffPicks({}, await asStaff(ids.admin!))).accountIds), ["carol"]);
    });

    it("suggests staff picks to a new account first, then the most followed local accounts", async () => {
      assert.deepEqual(await suggested("dave"), ["carol:staff", "frank:global", "alice:global"]);
    });

    it("suggests authors the viewer interacted with, under past_interactions", async () => {
      const post = await peers.post(ids.alice!, "a post to like");
      await peers.interactions.favouriteStatus({ statusId: post }, await asUser(ids.dave!));
      await waitFor(async () => (await suggested("dave")).includes("alice:past_interactions"), { timeoutMs: 30_000 });
    });

    it("never suggests an account the viewer follows, blocks, mutes or dismissed", async () => {
      await peers.accounts.follow({ targetAccountId: ids.frank!, languages: [] }, await asUser(ids.dave!));
      await peers.relationships.blockAccount({ targetAccountId: ids.alice! }, await asUser(ids.dave!));
      await suggestions.dismissSuggestion({ accountId: ids.carol! }, await asUser(ids.dave!));
      assert.deepEqual(await suggested("dave"), []);
      await peers.relationships.unblockAccount({ targetAccountId: ids.alice! }, await asUser(ids.dave!));
      await peers.relationships.muteAccount({ targetAccountId: ids.alice!, duration: 0 }, await asUser(ids.dave!));
      assert.deepEqual(await suggested("dave"), []);
    });

    it("asks for a signed-in user", async () => {
      await assert.rejects(suggestions.listSuggestions({}), (e: { code?: number }) => e.code === GrpcStatus.UNAUTHENTICATED);
    });
  });
}
