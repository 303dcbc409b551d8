// Limited-federation mode as accounts enforces it: a server whose domain allow staff take away is
// cut off, its accounts suspended (hidden with their statuses, purged after 30 days), as Mastodon
// purges such a server; other servers are untouched; and a lookup finds only allowed servers' accounts.
import assert from "node:assert/strict";
import { encodePayload, EVENT_CATALOG, newEnvelope } from "@starling/events";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { FederatedAccountsServiceClient } from "@starling/proto/accounts/v1/federated_accounts";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { connectService } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { actor } from "./federated-accounts-fixture.ts";
import { backends, startHarness, type Harness } from "./harness.ts";

for (const backend of backends) {
  describe(`limited-federation mode in accounts (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    before(async () => (h = await startHarness(backend, { LIMITED_FEDERATION_MODE: "true" })));
    after(() => h?.stop());

    it("suspends the accounts of a server whose domain allow is removed, subdomains included, and no other server's", async () => {
      const fed = connectService(FederatedAccountsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      try {
        const on = (name: string, domain: string) => fed.upsertRemoteAccount(actor(name, { domain, uri: `https://${domain}/users/${name}` })).then((r) => r.account!);
        const [gone, sub, kept] = await Promise.all([on("g", "gone.example"), on("s", "social.gone.example"), on("k", "kept.example")]);
        const suspended = async (id: string) => (await h.db.table("accounts").where({ id }).first("suspended_at")).suspended_at !== null;
        const type = "domain_allow.removed";
        await h.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "moderation", key: "8101", payload: encodePayload(type, { allowId: "8101", domain: "gone.example" }) })]);
        await waitFor(async () => ((await suspended(gone.id)) && (await suspended(sub.id))) || undefined, { what: "the server's accounts suspended" });
        assert.equal(await suspended(kept.id), false);
      } finally {
        fed.close();
      }
    });

    it("looks up an account of an allowed server (or a subdomain of one) and not one of a server never allowed, as Mastodon's lookup", async () => {
      const fed = connectService(FederatedAccountsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      const profiles = connectService(ProfilesServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      try {
        const on = (name: string, domain: string) => fed.upsertRemoteAccount(actor(name, { domain, uri: `https://${domain}/users/${name}` })).then((r) => r.account!);
        for (const [name, domain] of [["friend", "friends.example"], ["sub", "social.friends.example:8443"], ["stranger", "strangers.example"]] as const) await on(name, domain);
        const type = "domain_allow.created";
        await h.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "moderation", key: "8102", payload: encodePayload(type, { allowId: "8102", domain: "friends.example" }) })]);
        const found = (acct: string) => profiles.lookupAccount({ acct }).then((r) => `${r.account?.username}@${r.account?.domain}`, (error: { code: number }) => error.code);
        await waitFor(async () => (await found("friend@friends.example")) === "friend@friends.example" || undefined, { what: "the allow in the read model" });
        assert.equal(await found("sub@social.friends.example:8443"), "sub@social.friends.example:8443");
        assert.equal(await found("stranger@strangers.example"), GrpcStatus.NOT_FOUND);
      } finally {
        fed.close();
        profiles.close();
      }
    });
  });
}
