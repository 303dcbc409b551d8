// Limited-federation mode as accounts enforces it: a server whose domain allow staff take away is
// cut off, its accounts suspended (hidden with their statuses, purged after 30 days), as Mastodon
// purges such a server; other servers are untouched.
import assert from "node:assert/strict";
import { encodePayload, EVENT_CATALOG, newEnvelope } from "@starling/events";
import { FederatedAccountsServiceClient } from "@starling/proto/accounts/v1/federated_accounts";
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
  });
}
