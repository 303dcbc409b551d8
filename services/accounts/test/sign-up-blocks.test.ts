// Staff's blocks as the accounts service enforces them, learnt from the moderation service's events:
// e-mail domain blocks and canonical e-mail blocks refuse sign-ups, an IP block's approval
// requirement makes the new user wait, and a suspended server's accounts are purged.
import assert from "node:assert/strict";
import { connectService, canonicalEmailHash } from "@starling/runtime";
import { encodePayload, EVENT_CATALOG, newEnvelope, type EventType, type PayloadOf } from "@starling/events";
import { FederatedAccountsServiceClient } from "@starling/proto/accounts/v1/federated_accounts";
import { waitFor } from "@starling/testkit";
import { actor } from "./federated-accounts-fixture.ts";
import { backends } from "./harness.ts";
import { confirmationToken, form, register, startFixture, type Fixture } from "./registration-fixture.ts";

for (const backend of backends) {
  describe(`sign-up blocks and suspended servers (${backend.name})`, function () {
    this.timeout(60_000);
    let f: Fixture;
    const publish = async <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) => {
      await f.h.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "moderation", key, payload: encodePayload(type, payload) })]);
    };
    const stored = (table: string, blockId: string) => waitFor(async () => (await f.h.db.table(table).where({ block_id: blockId }).first()) ?? undefined, { what: `block ${blockId} in ${table}` });

    before(async () => (f = await startFixture(backend, "open")));
    after(() => f?.stop());

    it("refuses an address on a blocked e-mail domain or a subdomain of it, naming the provider, and takes it again once unblocked", async () => {
      await publish("email_domain_block.created", "8001", { blockId: "8001", domain: "spam.example" });
      await stored("email_domain_blocks", "8001");
      for (const email of ["someone@spam.example", "other@mail.SPAM.example"]) {
        const answer = await register(f, form(`e${email.length}`, { email }));
        assert.deepEqual(answer.fieldErrors, [{ field: "email", error: "ERR_BLOCKED", description: "uses a disallowed e-mail provider" }], email);
        assert.equal(answer.accessToken, "");
      }
      assert.deepEqual((await register(f, form("nearby", { email: "someone@notspam.example" }))).fieldErrors, []);
      await publish("email_domain_block.removed", "8001", { blockId: "8001", domain: "spam.example" });
      await waitFor(async () => (await f.h.db.table("email_domain_blocks").where({ block_id: "8001", removed: true }).first()) ?? undefined, { what: "the removal" });
      assert.deepEqual((await register(f, form("welcome", { email: "someone@spam.example" }))).fieldErrors, []);
    });

    it("refuses every spelling of a canonical-e-mail-blocked address as taken", async () => {
      await publish("canonical_email_block.created", "8002", { blockId: "8002", canonicalEmailHash: canonicalEmailHash("jane.doe@example.test") });
      await stored("canonical_email_blocks", "8002");
      for (const email of ["janedoe@example.test", "Jane.Doe+again@Example.test"]) {
        const answer = await register(f, form(`j${email.length}`, { email }));
        assert.deepEqual(answer.fieldErrors, [{ field: "email", error: "ERR_TAKEN", description: "has already been taken" }], email);
      }
      assert.deepEqual((await register(f, form("janet", { email: "janet.doe@example.test" }))).fieldErrors, []);
    });

    it("makes a sign-up from an address needing approval wait for a moderator in open mode", async () => {
      const answer = await register(f, form("waiting", { approvalRequired: true }));
      assert.deepEqual(answer.fieldErrors, []);
      const confirmed = await f.registration.confirmEmail({ confirmationToken: await confirmationToken(f, "waiting@example.test") });
      assert.equal(confirmed.approved, false);
    });

    it("purges the accounts of a suspended server and its subdomains, once, and no other server's", async () => {
      const fed = connectService(FederatedAccountsServiceClient, `127.0.0.1:${f.h.grpcPort}`, { deadlineMs: 10_000 });
      try {
        const on = (name: string, domain: string) => fed.upsertRemoteAccount(actor(name, { domain, uri: `https://${domain}/users/${name}` })).then((r) => r.account!);
        const [a, b, c, spared] = await Promise.all([on("a", "evil.example"), on("b", "sub.evil.example"), on("c", "evil.example:8443"), on("d", "notevil.example")]);
        await publish("admin_domain_block.created", "8003", { blockId: "8003", domain: "evil.example", severity: "suspend", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
        const deleted = async (id: string) => (await f.h.db.table("accounts").where({ id }).first("deleted_at")).deleted_at !== null;
        await waitFor(async () => (await Promise.all([a, b, c].map((x) => deleted(x.id)))).every(Boolean) || undefined, { what: "the server's accounts purged" });
        assert.equal(await deleted(spared.id), false);
        // A silence block, and an update that keeps a suspension, purge nothing.
        const other = await on("e", "evil.example");
        await publish("admin_domain_block.updated", "8003", { blockId: "8003", domain: "evil.example", severity: "suspend", rejectMedia: true, rejectReports: false, previousSeverity: "suspend" });
        await publish("admin_domain_block.created", "8004", { blockId: "8004", domain: "quiet.example", severity: "silence", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
        const quiet = await on("q", "quiet.example");
        await publish("email_domain_block.created", "8005", { blockId: "8005", domain: "marker.example" });
        await stored("email_domain_blocks", "8005");
        assert.equal(await deleted(other.id), false);
        assert.equal(await deleted(quiet.id), false);
      } finally {
        fed.close();
      }
    });
  });
}
