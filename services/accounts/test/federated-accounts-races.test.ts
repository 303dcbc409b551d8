import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import type { UpsertRemoteAccountRequest } from "@starling/proto/accounts/v1/federated_accounts";
import { actor, eventsOf, fed, h, settled, useFederatedAccounts } from "./federated-accounts-fixture.ts";
import { backends, rejection } from "./harness.ts";

const CALLERS = 16;
const ROUNDS = 4;

/** Fires every request at once; each must answer OK, and all with the same account. */
async function race(requests: UpsertRemoteAccountRequest[]): Promise<{ id: string; created: number }> {
  const answers = await Promise.allSettled(requests.map((request) => fed.upsertRemoteAccount(request)));
  const failed = answers.flatMap((a) => (a.status === "rejected" ? [String((a.reason as { details?: string }).details ?? a.reason)] : []));
  assert.deepEqual(failed, [], "every concurrent caller answers OK");
  const ok = answers.map((a) => (a as PromiseFulfilledResult<Awaited<ReturnType<typeof fed.upsertRemoteAccount>>>).value);
  const ids = new Set(ok.map((a) => a.account!.id));
  assert.equal(ids.size, 1, "every caller gets the same account");
  return { id: [...ids][0]!, created: ok.filter((a) => a.created).length };
}

/** The stored copies of a username on remote.example. */
const copiesOf = async (username: string): Promise<{ id: string; uri: string }[]> =>
  (await h.db.table("accounts").whereRaw("lower(username) = lower(?)", [username]).where({ domain: "remote.example" }).select("id", "uri")).map((row: { id: unknown; uri: string }) => ({ id: String(row.id), uri: row.uri }));
const idsOf = async (username: string) => (await copiesOf(username)).map((copy) => copy.id);

for (const backend of backends) {
  describe(`federated accounts: concurrent UpsertRemoteAccount on ${backend.name}`, () => {
    useFederatedAccounts(backend);

    it("stores one copy when many first reads of one actor race, created once and announced once", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const name = `racer${round}`;
        const { id, created } = await race(Array.from({ length: CALLERS }, () => actor(name)));
        assert.equal(created, 1);
        assert.deepEqual(await idsOf(name), [id]);
        await settled();
        assert.equal(eventsOf("account.created", id).length, 1);
        assert.equal(eventsOf("account.updated", id).length, 0, "identical refreshes announce nothing");
      }
    });

    it("stores one copy when one username@domain arrives under two URIs at once (an actor whose id changed)", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const name = `mover${round}`;
        const uris = [`https://remote.example/users/${name}`, `https://remote.example/actors/${name}`];
        const { id, created } = await race(Array.from({ length: CALLERS }, (_, i) => actor(name, { uri: uris[i % 2]! })));
        assert.equal(created, 1);
        const copies = await copiesOf(name);
        assert.deepEqual(copies.map((copy) => copy.id), [id]);
        assert.ok(uris.includes(copies[0]!.uri));
      }
    });

    it("stores one copy when one URI arrives under two usernames at once (an actor renamed while first read)", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [before, after] = [`renamed${round}`, `renamed${round}b`];
        const uri = `https://remote.example/users/${before}`;
        const { id, created } = await race(Array.from({ length: CALLERS }, (_, i) => actor(before, { uri, username: i % 2 ? after : before })));
        assert.equal(created, 1);
        const copies: { id: unknown }[] = await h.db.table("accounts").where({ uri }).select("id");
        assert.deepEqual(copies.map((copy) => String(copy.id)), [id]);
      }
    });

    it("keeps one copy when refreshes that change the profile race first reads of a new URI", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const name = `refresher${round}`;
        const first = (await fed.upsertRemoteAccount(actor(name))).account!;
        const requests = Array.from({ length: CALLERS }, (_, i) =>
          i % 3 === 0 ? actor(name, { uri: `https://remote.example/actors/${name}` }) : actor(name, { displayName: `${name} #${i}`, followersCount: i }),
        );
        const { id, created } = await race(requests);
        assert.deepEqual([id, created], [first.id, 0]);
        assert.equal((await copiesOf(name)).length, 1);
      }
    });

    it("answers ALREADY_EXISTS to every racer renaming an actor to a username another URI holds, and changes nothing", async () => {
      const holder = (await fed.upsertRemoteAccount(actor("holder"))).account!;
      const renamer = (await fed.upsertRemoteAccount(actor("renamer"))).account!;
      const renamed = actor("renamer", { username: "holder" });
      const answers = await Promise.all(Array.from({ length: CALLERS }, () => rejection(fed.upsertRemoteAccount(renamed))));
      assert.deepEqual(new Set(answers.map((a) => a.code)), new Set([status.ALREADY_EXISTS]));
      assert.deepEqual(await idsOf("holder"), [holder.id]);
      assert.deepEqual(await idsOf("renamer"), [renamer.id]);
    });

    it("answers ALREADY_EXISTS, never a deadlock, when two actors each take the other's username at once", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [x, y] = [`swapx${round}`, `swapy${round}`];
        const [a, b] = [(await fed.upsertRemoteAccount(actor(x))).account!, (await fed.upsertRemoteAccount(actor(y))).account!];
        const answers = await Promise.all(Array.from({ length: CALLERS }, (_, i) => rejection(fed.upsertRemoteAccount(i % 2 ? actor(x, { username: y }) : actor(y, { username: x })))));
        assert.deepEqual([...new Set(answers.map((r) => `${r.code} ${r.details}`))], [`${status.ALREADY_EXISTS} Validation failed: Username has already been taken`]);
        assert.deepEqual([await idsOf(x), await idsOf(y)], [[a.id], [b.id]]);
      }
    });

    it("leaves a tombstone a tombstone when refreshes race the actor's deletion: OK before it, NOT_FOUND after", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const name = `doomed${round}`;
        const doomed = (await fed.upsertRemoteAccount(actor(name))).account!;
        const refreshes = Array.from({ length: CALLERS }, (_, i) => fed.upsertRemoteAccount(actor(name, { displayName: `${name} #${i}`, note: "<p>Back</p>" })));
        const [deleted, ...answers] = await Promise.allSettled([fed.deleteRemoteAccount({ accountId: doomed.id }), ...refreshes]);
        assert.equal(deleted!.status, "fulfilled");
        for (const answer of answers) if (answer.status === "rejected") assert.equal((answer.reason as { code: number }).code, status.NOT_FOUND);
        const row = await h.db.table("accounts").where({ id: doomed.id }).first("display_name", "note", "deleted_at");
        assert.deepEqual([row.display_name, row.note, row.deleted_at !== null], ["", "", true]);
      }
    });
  });
}
