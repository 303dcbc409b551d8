// An install whose domain allows predate accounts' copy of them (accounts' migration 0201): moderation
// announces them again once (migration 0280), so accounts in limited-federation mode looks up the
// allowed servers' accounts, and still no other server's.
import assert from "node:assert/strict";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { accountsEnv, startAccountsService } from "@starling/accounts";
import type { Database } from "@starling/db";
import { decodePayload } from "@starling/events";
import { startServiceHarness, type ServiceHarness } from "@starling/platform/service-harness";
import { FederatedAccountsServiceClient } from "@starling/proto/accounts/v1/federated_accounts";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { connectService, createServiceContext } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { moderationMigrations } from "../migrations/index.ts";
import { moderationEnv } from "../src/config.ts";
import { startModerationService, type ModerationEndpoints } from "../src/service.ts";
import { backends, VIEWER_SECRET } from "./support/moderation-harness.ts";

// The schema history of an install from before the allows were announced again.
const beforeRepublish = moderationMigrations.slice(0, moderationMigrations.findIndex((m) => m.name === "0280_republish_domain_allows"));
const allows = [
  { id: "8201", domain: "friends.example", created_at: new Date("2025-01-02T00:00:00Z") },
  { id: "8202", domain: "pals.example", created_at: new Date("2025-01-03T00:00:00Z") },
];

for (const backend of backends) {
  describe(`domain allows made before accounts kept a copy, on ${backend.name}`, function () {
    this.timeout(60_000);
    let service: ServiceHarness<ModerationEndpoints>;
    let accountsAddress = "";

    before(async function () {
      this.timeout(180_000);
      let existing: Database;
      service = await startServiceHarness({
        service: "moderation",
        configSchema: moderationEnv,
        viewerSecret: VIEWER_SECRET,
        databaseUrl: backend.url,
        before: async (infra, context) => {
          existing = await infra.database("moderation");
          await existing.migrate(beforeRepublish);
          await existing.table("domain_allows").insert(allows);
          const logLevel = process.env.TEST_LOG_LEVEL ?? "silent";
          const env = { VIEWER_TOKEN_SECRET: VIEWER_SECRET, GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL: logLevel, LOCAL_DOMAIN: "social.test", LIMITED_FEDERATION_MODE: "true", DATA_DIR: await mkdtemp(join(tmpdir(), "moderation-peers-")) };
          const accountsContext = createServiceContext("accounts", { logLevel, shutdownTimeoutMs: 5_000, shutdown: context.shutdown });
          accountsAddress = `127.0.0.1:${(await startAccountsService(accountsEnv.parse(env), accountsContext, infra)).grpcPort}`;
          return { ACCOUNTS_GRPC_URL: accountsAddress };
        },
        // Moderation upgrades the install's schema, as it would on start-up after an update.
        start: (config, context, infra) => startModerationService(config, context, { ...infra, database: async (schema) => (schema === "moderation" ? existing : infra.database(schema)) }),
      });
    });
    after(() => service?.stop());

    it("announces each existing allow once more, so accounts looks up the allowed servers' accounts and no other's", async () => {
      const announced = await waitFor(() => {
        const created = service.events.filter((e) => e.type === "domain_allow.created");
        return created.length >= allows.length && created;
      }, { what: "the allows announced again" });
      assert.deepEqual(announced.map((e) => ({ ...decodePayload("domain_allow.created", e) })), allows.map((a) => ({ allowId: a.id, domain: a.domain })));

      const fed = connectService(FederatedAccountsServiceClient, accountsAddress, { deadlineMs: 10_000 });
      const profiles = connectService(ProfilesServiceClient, accountsAddress, { deadlineMs: 10_000 });
      try {
        for (const [name, domain] of [["friend", "friends.example"], ["pal", "social.pals.example"], ["stranger", "strangers.example"]] as const) {
          await fed.upsertRemoteAccount({ uri: `https://${domain}/users/${name}`, username: name, domain, displayName: name, note: "", locked: false, bot: false, group: false, fields: [], alsoKnownAs: [], emojiShortcodes: [], followersCount: 0, followingCount: 0, statusesCount: 0, indexable: false });
        }
        const found = (acct: string) => profiles.lookupAccount({ acct }).then((r) => `${r.account?.username}@${r.account?.domain}`, (error: { code: number }) => error.code);
        await waitFor(async () => (await found("friend@friends.example")) === "friend@friends.example" || undefined, { what: "the allow in accounts' copy" });
        assert.equal(await found("pal@social.pals.example"), "pal@social.pals.example");
        assert.equal(await found("stranger@strangers.example"), GrpcStatus.NOT_FOUND);
      } finally {
        fed.close();
        profiles.close();
      }
    });
  });
}
