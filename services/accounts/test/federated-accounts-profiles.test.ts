import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { waitFor } from "@starling/testkit";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { connectService } from "@starling/runtime";
import { decodePayload } from "@starling/events";
import type { UpsertRemoteAccountRequest } from "@starling/proto/accounts/v1/federated_accounts";
import { account, actor, edge, eventsOf, fed, h, rel, relationship, remote, settled, user, useFederatedAccounts } from "./federated-accounts-fixture.ts";
import { backends, rejection } from "./harness.ts";

for (const backend of backends) {
  describe(`federated accounts: remote profiles on ${backend.name}`, () => {
    useFederatedAccounts(backend);

    describe("UpsertRemoteAccount", () => {
      it("stores a remote actor as given: images used as-is, HTML fields, emoji, alsoKnownAs and the advertised counts", async () => {
        const { account, created } = await fed.upsertRemoteAccount(
          actor("ada", {
            locked: true,
            bot: true,
            discoverable: true,
            avatarUrl: "https://media.remote.example/ada.gif",
            headerUrl: "https://media.remote.example/ada-header.png",
            fields: [{ name: "Site", value: '<a href="https://ada.example" rel="me">ada.example</a>' }],
            alsoKnownAs: ["https://old.example/users/ada"],
            emojiShortcodes: ["blobcat"],
            followersCount: 10,
            followingCount: 20,
            statusesCount: 30,
          }),
        );
        assert.equal(created, true);
        const a = account!;
        assert.deepEqual(
          [a.username, a.domain, a.uri, a.url, a.locked, a.bot, a.discoverable, a.group, a.createdAt],
          ["ada", "remote.example", "https://remote.example/users/ada", "https://remote.example/@ada", true, true, true, false, new Date("2020-01-02T00:00:00Z")],
        );
        assert.deepEqual([a.avatarUrl, a.avatarStaticUrl], ["https://media.remote.example/ada.gif", "https://media.remote.example/ada.gif"]);
        assert.deepEqual([a.headerUrl, a.headerStaticUrl], ["https://media.remote.example/ada-header.png", "https://media.remote.example/ada-header.png"]);
        assert.deepEqual(a.fields, [{ name: "Site", value: '<a href="https://ada.example" rel="me">ada.example</a>', verifiedAt: undefined }]);
        assert.deepEqual([a.emojiShortcodes, a.followersCount, a.followingCount, a.statusesCount], [["blobcat"], 10, 20, 30]);
        const row = await h.db.table("accounts").where({ id: a.id }).first("also_known_as");
        assert.deepEqual(JSON.parse(row.also_known_as), ["https://old.example/users/ada"]);
        const [createdEvent] = await waitFor(() => eventsOf("account.created", a.id).length > 0 && eventsOf("account.created", a.id), { what: "account.created" });
        assert.deepEqual({ ...decodePayload("account.created", createdEvent!) }, { accountId: a.id, username: "ada", domain: "remote.example", createdByApplicationId: undefined, createdByApplicationName: undefined });
      });

      it("refreshes the copy found by URI or by username and domain, announcing account.updated only when the profile changed", async () => {
        const first = (await fed.upsertRemoteAccount(actor("bea"))).account!;
        const same = await fed.upsertRemoteAccount(actor("bea"));
        assert.deepEqual([same.created, same.account!.id], [false, first.id]);
        // Counters move without being a profile change.
        assert.equal((await fed.upsertRemoteAccount(actor("bea", { followersCount: 7 }))).account!.followersCount, 7);
        await settled();
        assert.equal(eventsOf("account.updated", first.id).length, 0);
        const renamed = (await fed.upsertRemoteAccount(actor("bea", { displayName: "Bea B.", followersCount: 7 }))).account!;
        assert.equal(renamed.displayName, "Bea B.");
        // The actor's id changed: the copy is the one with that username on that domain.
        const moved = (await fed.upsertRemoteAccount(actor("bea", { uri: "https://remote.example/actors/bea", displayName: "Bea B.", followersCount: 7 }))).account!;
        assert.deepEqual([moved.id, moved.uri], [first.id, "https://remote.example/actors/bea"]);
        await settled();
        assert.equal(eventsOf("account.updated", first.id).length, 2);
        assert.equal(eventsOf("account.created", first.id).length, 1);
      });

      it("keeps the actor's indexable and announces account.updated when it changes, so search follows it", async () => {
        const first = (await fed.upsertRemoteAccount(actor("ida", { indexable: true }))).account!;
        assert.equal(first.indexable, true);
        const after = (await fed.upsertRemoteAccount(actor("ida", { indexable: false }))).account!;
        assert.equal(after.indexable, false);
        await settled();
        assert.equal(eventsOf("account.updated", first.id).length, 1);
      });

      it("drops links that are not http(s) and records a known movedTo", async () => {
        const target = await remote("cyd_new");
        const a = await remote("cyd", { avatarUrl: "javascript:alert(1)", url: "data:text/html,x", movedToAccountId: target.id });
        assert.deepEqual([a.avatarUrl, a.url, a.movedToAccountId], [undefined, undefined, target.id]);
      });

      it("keeps the alsoKnownAs a local account moving to the remote one must be listed in", async () => {
        const { account: local, password } = await h.createUser("cora");
        const other = await remote("cora_elsewhere");
        const target = await remote("cora_new", { alsoKnownAs: [local.uri] });
        const profiles = connectService(ProfilesServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
        const as = { viewerToken: await h.sign({ accountId: local.id, scopes: ["read", "write"] }) };
        try {
          assert.equal((await rejection(profiles.moveAccount({ targetAcct: "cora_elsewhere@remote.example", password }, as))).code, status.INVALID_ARGUMENT);
          const moved = (await profiles.moveAccount({ targetAcct: "cora_new@remote.example", password }, as)).account!;
          assert.deepEqual([moved.movedToAccountId, other.movedToAccountId], [target.id, undefined]);
        } finally {
          profiles.close();
        }
      });

      it("refuses bad input with INVALID_ARGUMENT", async () => {
        const local = await user("dora");
        const bad: Partial<UpsertRemoteAccountRequest>[] = [
          { uri: "" },
          { uri: "not a url" },
          { uri: "ftp://remote.example/users/x" },
          { username: " " },
          { domain: "" },
          { movedToAccountId: "123456789" },
          { movedToAccountId: "abc" },
          { uri: local.account.uri, username: "dora", domain: "remote.example" },
        ];
        for (const extra of bad) {
          assert.equal((await rejection(fed.upsertRemoteAccount(actor("dud", extra)))).code, status.INVALID_ARGUMENT, JSON.stringify(extra));
        }
        assert.deepEqual((await fed.findAccountsByUri({ uris: [actor("dud").uri] })).accounts, []);
      });
    });

    it("FindAccountsByUri finds local and remote accounts and leaves unknown URIs out", async () => {
      const local = await user("ella");
      const far = await remote("ezra");
      const found = await fed.findAccountsByUri({ uris: [local.account.uri, far.uri, "https://remote.example/users/nobody", ""] });
      assert.deepEqual(found.accounts.map((a) => a.id).sort(), [local.account.id, far.id].sort());
    });

    describe("DeleteRemoteAccount", () => {
      it("tombstones the copy, ending its relationships, once", async () => {
        const [local, far] = [await user("sal"), await remote("sam")];
        await fed.receiveFollow(edge(far.id, local.account.id));
        await fed.deleteRemoteAccount({ accountId: far.id });
        await fed.deleteRemoteAccount({ accountId: far.id });
        const gone = await account(far.id);
        assert.deepEqual([gone.suspended, gone.displayName], [true, ""]);
        assert.equal((await relationship(local, far.id)).followedBy, false);
        assert.equal((await account(local.account.id)).followersCount, 0);
        assert.equal((await rejection(fed.upsertRemoteAccount(actor("sam")))).code, status.NOT_FOUND);
        await settled();
        const deleted = eventsOf("account.deleted", far.id);
        assert.equal(deleted.length, 1);
        assert.deepEqual({ ...decodePayload("account.deleted", deleted[0]!) }, { accountId: far.id, username: "sam", domain: "remote.example" });
        assert.equal(eventsOf("follow.removed", far.id).length, 1);
      });

      it("refuses a local account (INVALID_ARGUMENT) and an unknown one (NOT_FOUND)", async () => {
        const local = await user("sia");
        assert.equal((await rejection(fed.deleteRemoteAccount({ accountId: local.account.id }))).code, status.INVALID_ARGUMENT);
        assert.equal((await account(local.account.id)).suspended, false);
        assert.equal((await rejection(fed.deleteRemoteAccount({ accountId: "999999999" }))).code, status.NOT_FOUND);
      });
    });

    it("ListAccountAliases answers a local account's aliases and a remote actor's alsoKnownAs", async () => {
      const [fresh, old] = [await user("uma"), await user("ugo")];
      const profiles = connectService(ProfilesServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      const earlier = await remote("uli");
      await profiles.addAlias({ acct: old.account.username }, fresh.as);
      await profiles.addAlias({ acct: `${earlier.username}@${earlier.domain}` }, fresh.as);
      profiles.close();
      assert.deepEqual((await fed.listAccountAliases({ accountId: fresh.account.id })).uris, [old.account.uri, earlier.uri]);
      assert.deepEqual((await fed.listAccountAliases({ accountId: old.account.id })).uris, []);
      const declared = await remote("una", { alsoKnownAs: ["https://elsewhere.example/users/una"] });
      assert.deepEqual((await fed.listAccountAliases({ accountId: declared.id })).uris, ["https://elsewhere.example/users/una"]);
      assert.equal((await rejection(fed.listAccountAliases({ accountId: "999999999" }))).code, status.NOT_FOUND);
    });
  });
}
