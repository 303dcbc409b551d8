// Staff's blocks as the accounts service enforces them, learnt from the moderation service's events:
// e-mail domain blocks and canonical e-mail blocks refuse sign-ups, an IP block's approval
// requirement makes the new user wait, a suspended server's accounts are suspended until the block is lifted,
// and a server whose media is rejected loses its accounts' avatars and headers.
import assert from "node:assert/strict";
import { connectService, canonicalEmailHash } from "@starling/runtime";
import { encodePayload, EVENT_CATALOG, newEnvelope, TOPICS, type EventType, type PayloadOf, type Subscription } from "@starling/events";
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
        assert.deepEqual(answer.refused?.fieldErrors, [{ field: "email", error: "ERR_BLOCKED", description: "uses a disallowed e-mail provider" }], email);
        assert.equal(answer.token, undefined);
      }
      assert.deepEqual((await register(f, form("nearby", { email: "someone@notspam.example" }))).refused, undefined);
      await publish("email_domain_block.removed", "8001", { blockId: "8001", domain: "spam.example" });
      await waitFor(async () => (await f.h.db.table("email_domain_blocks").where({ block_id: "8001", removed: true }).first()) ?? undefined, { what: "the removal" });
      assert.deepEqual((await register(f, form("welcome", { email: "someone@spam.example" }))).refused, undefined);
    });

    it("refuses every spelling of a canonical-e-mail-blocked address as taken", async () => {
      await publish("canonical_email_block.created", "8002", { blockId: "8002", canonicalEmailHash: canonicalEmailHash("jane.doe@example.test") });
      await stored("canonical_email_blocks", "8002");
      for (const email of ["janedoe@example.test", "Jane.Doe+again@Example.test"]) {
        const answer = await register(f, form(`j${email.length}`, { email }));
        assert.deepEqual(answer.refused?.fieldErrors, [{ field: "email", error: "ERR_TAKEN", description: "has already been taken" }], email);
      }
      assert.deepEqual((await register(f, form("janet", { email: "janet.doe@example.test" }))).refused, undefined);
    });

    it("makes a sign-up from an address needing approval wait for a moderator in open mode", async () => {
      const answer = await register(f, form("waiting", { approvalRequired: true }));
      assert.deepEqual(answer.refused, undefined);
      const confirmed = await f.registration.confirmEmail({ confirmationToken: await confirmationToken(f, "waiting@example.test") });
      assert.equal(confirmed.approved, false);
    });

    it("suspends the accounts of a suspended server and its subdomains, once, and no other server's, and restores them when the block is lifted", async () => {
      const fed = connectService(FederatedAccountsServiceClient, `127.0.0.1:${f.h.grpcPort}`, { deadlineMs: 10_000 });
      let subscription: Subscription | undefined;
      try {
        const on = (name: string, domain: string) => fed.upsertRemoteAccount(actor(name, { domain, uri: `https://${domain}/users/${name}` })).then((r) => r.account!);
        const [a, b, c, spared, byHand] = await Promise.all([on("a", "evil.example"), on("b", "sub.evil.example"), on("c", "evil.example:8443"), on("d", "notevil.example"), on("h", "evil.example")]);
        // The types of a's events by envelope id (the test bus delivers each twice).
        const seen = new Map<string, string>();
        subscription = await f.h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-domain-suspension", handler: async (e) => void (e.key === a.id && seen.set(e.id, e.type)) });
        const state = async (id: string) => {
          const row = await f.h.db.table("accounts").where({ id }).first("suspended_at", "deleted_at");
          return row.deleted_at !== null ? "deleted" : row.suspended_at !== null ? "suspended" : "live";
        };
        const states = (accounts: { id: string }[]) => Promise.all(accounts.map((x) => state(x.id)));
        // Staff suspended one of them by hand before the block: lifting the block leaves that one alone.
        await f.h.db.table("accounts").where({ id: byHand.id }).update({ suspended_at: new Date() });
        await publish("admin_domain_block.created", "8003", { blockId: "8003", domain: "evil.example", severity: "suspend", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
        await waitFor(async () => (await states([a, b, c])).every((s) => s === "suspended") || undefined, { what: "the server's accounts suspended" });
        assert.equal(await state(spared.id), "live");
        // A silence block, and an update that keeps a suspension, suspend nothing new.
        const other = await on("e", "evil.example");
        await publish("admin_domain_block.updated", "8003", { blockId: "8003", domain: "evil.example", severity: "suspend", rejectMedia: true, rejectReports: false, previousSeverity: "suspend" });
        await publish("admin_domain_block.created", "8004", { blockId: "8004", domain: "quiet.example", severity: "silence", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
        const quiet = await on("q", "quiet.example");
        // Without limited-federation mode, taking a domain allow away changes nothing.
        await publish("domain_allow.removed", "8006", { allowId: "8006", domain: "notevil.example" });
        await publish("email_domain_block.created", "8005", { blockId: "8005", domain: "marker.example" });
        await stored("email_domain_blocks", "8005");
        assert.deepEqual(await states([other, quiet, spared]), ["live", "live", "live"]);

        await publish("admin_domain_block.removed", "8003", { blockId: "8003", domain: "evil.example" });
        await waitFor(async () => (await states([a, b, c])).every((s) => s === "live") || undefined, { what: "the server's accounts restored" });
        assert.equal(await state(byHand.id), "suspended");
        await waitFor(async () => [...seen.values()].includes("account.unsuspended") || undefined, { what: "the events of a's suspension and its lifting" });
        assert.deepEqual([...seen.values()].filter((type) => type.includes("suspended")), ["account.suspended", "account.unsuspended"]);
      } finally {
        await subscription?.stop();
        fed.close();
      }
    });

    it("takes away the avatars and headers of a server whose media is rejected, subdomains included, with account.updated, and no other server's", async () => {
      const fed = connectService(FederatedAccountsServiceClient, `127.0.0.1:${f.h.grpcPort}`, { deadlineMs: 10_000 });
      const updated = new Set<string>();
      const subscription = await f.h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-rejected-images", handler: async (e) => void (e.type === "account.updated" && updated.add(e.key)) });
      try {
        const images = (domain: string) => ({ avatarUrl: `https://${domain}/avatar.png`, headerUrl: `https://${domain}/header.png` });
        const on = (name: string, domain: string) => fed.upsertRemoteAccount(actor(name, { domain, uri: `https://${domain}/users/${name}`, ...images(domain) })).then((r) => r.account!);
        const [m, s, kept] = await Promise.all([on("m", "pictures.example"), on("s", "cdn.pictures.example"), on("k", "otherpictures.example")]);
        assert.equal(m.avatarUrl, "https://pictures.example/avatar.png", "shown before the block");
        const columns = (id: string) => f.h.db.table("accounts").where({ id }).first("avatar_url", "avatar_static_url", "header_url", "header_static_url");
        const cleared = { avatar_url: null, avatar_static_url: null, header_url: null, header_static_url: null };
        await publish("admin_domain_block.created", "8010", { blockId: "8010", domain: "pictures.example", severity: "silence", rejectMedia: true, rejectReports: false, previousSeverity: undefined });
        await waitFor(async () => ((await columns(m.id)).avatar_url === null && (await columns(s.id)).avatar_url === null) || undefined, { what: "the server's images cleared" });
        assert.deepEqual(await columns(m.id), cleared);
        assert.deepEqual(await columns(s.id), cleared);
        assert.equal((await columns(kept.id)).avatar_url, "https://otherpictures.example/avatar.png");
        const [shown] = (await fed.findAccountsByUri({ uris: [m.uri] })).accounts;
        assert.equal(shown?.avatarUrl, undefined, "rendered without an avatar: clients show the default");
        await waitFor(() => (updated.has(m.id) && updated.has(s.id)) || undefined, { what: "account.updated of both" });

        // A block changed to reject_media later clears images stored since.
        const late = await on("l", "later.example");
        await publish("admin_domain_block.created", "8011", { blockId: "8011", domain: "later.example", severity: "silence", rejectMedia: false, rejectReports: false, previousSeverity: undefined });
        await publish("email_domain_block.created", "8012", { blockId: "8012", domain: "marker2.example" });
        await stored("email_domain_blocks", "8012");
        assert.equal((await columns(late.id)).avatar_url, "https://later.example/avatar.png", "a block without reject_media keeps them");
        await publish("admin_domain_block.updated", "8011", { blockId: "8011", domain: "later.example", severity: "silence", rejectMedia: true, rejectReports: false, previousSeverity: "silence" });
        await waitFor(async () => (await columns(late.id)).avatar_url === null || undefined, { what: "the later server's images cleared" });
      } finally {
        await subscription.stop();
        fed.close();
      }
    });
  });
}
