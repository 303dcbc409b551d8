// Starts the federation service over real HTTP on a real database (the embedded test server always, PostgreSQL too when
// DATABASE_URL is set, in a schema of its own), with the embedded bus and key-value store. Accounts
// and statuses answer from a small gRPC double holding the accounts a test puts in it: this package
// does not depend on the accounts service; the end-to-end suite runs the real one.
import { createDatabase, embeddedTestSchema, type Database } from "@starling/db";
import { createEmbeddedBus } from "@starling/events";
import { createEmbeddedStore } from "@starling/kv";
import type { InfraProvider } from "@starling/platform";
import { AccountsServiceDefinition, type Account } from "@starling/proto/accounts/v1/accounts";
import { FederatedAccountsServiceDefinition, type UpsertRemoteAccountRequest } from "@starling/proto/accounts/v1/federated_accounts";
import { ProfilesServiceDefinition } from "@starling/proto/accounts/v1/profiles";
import { RegistrationServiceDefinition } from "@starling/proto/accounts/v1/registration";
import { StatusesServiceDefinition, type Status } from "@starling/proto/statuses/v1/statuses";
import { FederatedStatusesServiceDefinition } from "@starling/proto/statuses/v1/federated_statuses";
import { FollowsServiceDefinition } from "@starling/proto/accounts/v1/follows";
import { MediaServiceDefinition } from "@starling/proto/media/v1/media";
import { CustomEmojisServiceDefinition } from "@starling/proto/statuses/v1/custom_emojis";
import { FeaturedTagsServiceDefinition } from "@starling/proto/statuses/v1/featured_tags";
import { ReportsServiceDefinition } from "@starling/proto/moderation/v1/reports";
import { StatusInteractionsServiceDefinition } from "@starling/proto/statuses/v1/interactions";
import { createLogger, createServiceContext, notFound, ServiceError, startGrpcServer } from "@starling/runtime";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { uniqueName, waitFor } from "@starling/testkit";
import { federationEnv, startFederationService } from "../src/index.ts";

/** A database the suite can run on. */
export interface Backend {
  name: string;
  url?: string;
}

/** The embedded test server, plus the PostgreSQL at DATABASE_URL when set. */
export const backends: Backend[] = [{ name: "embedded PostgreSQL" }, ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL", url: process.env.DATABASE_URL }] : [])];

/** The public domain the service under test believes it has. */
export const DOMAIN = "fed.test:3000";
export const BASE_URL = `http://${DOMAIN}`;

/** An activity the service queued for delivery. */
export interface QueuedActivity {
  activity: Record<string, any>;
  type: string;
  inboxes: string[];
}

/** A running federation service. */
export interface Harness {
  /** Base URL of its HTTP port (loopback); public URLs in documents use BASE_URL. */
  url: string;
  /** The service's own schema, to read the keys it stored. */
  db: Database;
  /** The federation gRPC address (FederationService). */
  grpcUrl: string;
  /** FederatedAccountsService, FederatedStatusesService, RegisterRemoteMedia and ReceiveFlag calls the doubles received, in order (UpsertRemoteAccount included). */
  calls: { method: string; request: any }[];
  /** Remote accounts upserted through the double, by actor URI. */
  remoteAccounts: Map<string, Account>;
  /** The alias URIs ListAccountAliases answers, by account id (none when absent). */
  aliases: Map<string, string[]>;
  /** Adds a local account the accounts double answers LookupAccount with. */
  addAccount(username: string, fields?: Partial<Account>): Account;
  /** Adds a status the statuses double finds by URI (a local one unless `fields` say otherwise). */
  addStatus(fields: Partial<Status> & { uri: string; accountId: string }): Status;
  /** Statuses stored through the double (local ones added by the test and remote upserts), by URI. */
  statuses: Map<string, Status>;
  /**
   * Answers a gRPC method of any double (by its camelCase name, e.g. "getStatusesForFederation")
   * that its own handlers do not define; later calls replace the answer.
   */
  answer(method: string, handler: (request: any) => Promise<unknown>): void;
  /** Every line the service logged, debug level included, parsed. */
  logs: Record<string, any>[];
  /** The event bus the service consumes, to publish domain events on. */
  bus: ReturnType<typeof createEmbeddedBus>;
  /** The queued activity with this id (its JSON, type and the inboxes it is queued for), once queued. */
  queued(activityId: string): Promise<QueuedActivity>;
  stop(): Promise<void>;
}

let nextId = 100;

function account(username: string, fields: Partial<Account>): Account {
  const id = String(nextId++);
  return {
    id, username, displayName: "", note: "", uri: `${BASE_URL}/users/${username}`, url: `${BASE_URL}/@${username}`,
    locked: false, bot: false, discoverable: undefined, group: false, createdAt: new Date(), followersCount: 0, followingCount: 0,
    statusesCount: 0, lastStatusAt: undefined, fields: [], suspended: false, limited: false, sensitized: false, indexable: false,
    emojiShortcodes: [], ...fields,
  };
}

// Methods the double does not know answer UNIMPLEMENTED, so a test that reaches one fails loudly.
// Answers set by a test through Harness.answer, for methods no double defines.
const answers = new Map<string, (request: any) => Promise<unknown>>();
const only = (handlers: Record<string, (request: any) => Promise<unknown>>) =>
  new Proxy(handlers, { get: (target, name: string) => target[name] ?? (async (request: unknown) => {
    const answer = answers.get(name);
    if (answer) return answer(request);
    throw new ServiceError(GrpcStatus.UNIMPLEMENTED, `${name} is not in the test double`);
  }) });

// The part of FederatedAccountsService the inbox reaches: remote copies kept by URI, every call recorded.
function federatedAccountsDouble(local: Map<string, Account>, remote: Map<string, Account>, calls: Harness["calls"], aliases: Harness["aliases"]) {
  const record = (method: string, answer: unknown = {}) => async (request: unknown) => {
    calls.push({ method, request });
    return answer;
  };
  return only({
    upsertRemoteAccount: async (request: UpsertRemoteAccountRequest) => {
      calls.push({ method: "upsertRemoteAccount", request });
      const { uri, username, domain, fields, followersCount, followingCount, statusesCount, createdAt, ...profile } = request;
      const existing = remote.get(uri);
      const made = account(username, { ...existing, ...profile, uri, domain, fields: fields.map((f) => ({ ...f, verifiedAt: undefined })), createdAt: createdAt ?? new Date() });
      if (existing) made.id = existing.id;
      remote.set(uri, made);
      return { account: made, created: !existing };
    },
    findAccountsByUri: async ({ uris }: { uris: string[] }) => ({
      accounts: uris.map((uri) => remote.get(uri) ?? [...local.values()].find((a) => a.uri === uri)).filter((a) => a !== undefined),
    }),
    receiveFollow: record("receiveFollow", { state: "following" }),
    receiveFollowAccept: record("receiveFollowAccept"),
    receiveFollowReject: record("receiveFollowReject"),
    receiveUnfollow: record("receiveUnfollow"),
    receiveBlock: record("receiveBlock"),
    receiveUnblock: record("receiveUnblock"),
    receiveMove: record("receiveMove"),
    deleteRemoteAccount: record("deleteRemoteAccount"),
    listAccountAliases: async ({ accountId }: { accountId: string }) => ({ uris: aliases.get(accountId) ?? [] }),
  });
}

function status(fields: Partial<Status> & { uri: string; accountId: string }): Status {
  return {
    id: String(nextId++), url: fields.uri, inReplyToId: "", inReplyToAccountId: "", content: "", text: "", spoilerText: "", visibility: "public",
    sensitive: false, language: "", createdAt: new Date(), editedAt: undefined, repliesCount: 0, reblogsCount: 0, favouritesCount: 0,
    application: undefined, local: true, mediaIds: [], cardId: "", pollId: "", reblogOfId: "", reblog: undefined, viewer: undefined,
    mentionedAccountIds: [], tags: [], emojiShortcodes: [], filtered: [], ...fields,
  };
}

/** `env`: environment variables of the service under test besides the harness's own (e.g. AUTHORIZED_FETCH). */
export async function startHarness(backend: Backend, options: { env?: Record<string, string> } = {}): Promise<Harness> {
  const accounts = new Map<string, Account>();
  const statuses = new Map<string, Status>();
  const remoteAccounts = new Map<string, Account>();
  const aliases: Harness["aliases"] = new Map();
  const calls: Harness["calls"] = [];
  const remoteMediaIds: Record<string, string> = {};
  // Records a FederatedStatusesService call, then answers with `answer` (an empty message by default).
  const recorded = (method: string, answer: (request: any) => unknown = () => ({})) => async (request: any) => {
    calls.push({ method, request });
    return answer(request);
  };
  const stats = { usersTotal: 2, usersActiveMonth: 1, usersActiveHalfyear: 2, localPosts: 5, knownDomains: 0 };
  const doubleContext = createServiceContext("accounts-double", { logLevel: "silent", shutdownTimeoutMs: 5_000 });
  const double = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    viewerSecret: "federation-test-secret-0123456789abcdef",
    logger: doubleContext.logger,
    registry: doubleContext.registry,
    services: [
      { definition: ProfilesServiceDefinition, handlers: only({ lookupAccount: async ({ acct }: { acct: string }) => {
        const found = accounts.get(acct.toLowerCase()) ?? [...remoteAccounts.values()].find((a) => `${a.username}@${a.domain}`.toLowerCase() === acct.toLowerCase());
        if (!found) throw notFound("Record not found");
        return { account: found };
      } }) },
      { definition: FederatedAccountsServiceDefinition, handlers: federatedAccountsDouble(accounts, remoteAccounts, calls, aliases) },
      { definition: AccountsServiceDefinition, handlers: only({ getUsageStats: async () => ({ stats: { ...stats, localPosts: 0 } }) }) },
      { definition: StatusesServiceDefinition, handlers: only({ getUsageStats: async () => ({ stats }) }) },
      { definition: FederatedStatusesServiceDefinition, handlers: only({
        upsertRemoteStatus: recorded("upsertRemoteStatus", (request) => {
          const existing = statuses.get(request.uri);
          // Kept unless the edit is newer, as statuses does.
          if (existing && !(request.editedAt && (!existing.editedAt || request.editedAt > existing.editedAt))) return { status: existing, created: false };
          const { poll: _poll, ...fields } = request;
          const stored = status({ ...fields, ...(existing ? { id: existing.id } : {}), local: false, pollId: request.poll ? `poll-${request.uri}` : "" });
          statuses.set(request.uri, stored);
          return { status: stored, created: !existing };
        }),
        findStatusesByUri: async ({ uris }: { uris: string[] }) => ({ statuses: uris.flatMap((uri) => statuses.get(uri) ?? []) }),
        deleteRemoteStatus: recorded("deleteRemoteStatus", ({ accountId, uri }) => {
          if (statuses.get(uri)?.accountId === accountId) statuses.delete(uri);
          return {};
        }),
        receiveReblog: recorded("receiveReblog", () => ({ statusId: String(nextId++) })),
        receiveUnreblog: recorded("receiveUnreblog"),
        receiveFavourite: recorded("receiveFavourite"),
        receiveUnfavourite: recorded("receiveUnfavourite"),
        receivePollVote: recorded("receivePollVote"),
        upsertRemoteEmojis: recorded("upsertRemoteEmojis", () => ({ emojis: [] })),
      }) },
      { definition: FollowsServiceDefinition, handlers: only({}) },
      { definition: StatusInteractionsServiceDefinition, handlers: only({}) },
      { definition: MediaServiceDefinition, handlers: only({
        // Remote attachments get one id per URL, as the media service keeps one row per account and URL.
        registerRemoteMedia: recorded("registerRemoteMedia", ({ items }: { items: { remoteUrl: string }[] }) => ({
          media: items.map((item) => ({ id: (remoteMediaIds[item.remoteUrl] ??= String(nextId++)), remoteUrl: item.remoteUrl })),
        })),
      }) },
      { definition: CustomEmojisServiceDefinition, handlers: only({}) },
      { definition: FeaturedTagsServiceDefinition, handlers: only({}) },
      { definition: ReportsServiceDefinition, handlers: only({ receiveFlag: recorded("receiveFlag", (request) => ({ id: String(nextId++), targetAccountId: request.targetAccountId, category: "other", comment: request.comment, statusIds: request.statusIds, ruleIds: [], forwarded: false })) }) },
      { definition: RegistrationServiceDefinition, handlers: only({ getRegistrationSettings: async () => ({ mode: "open", enabled: true, approvalRequired: false }) }) },
    ],
  });
  const address = `127.0.0.1:${double.port}`;
  const config = federationEnv.parse({
    VIEWER_TOKEN_SECRET: "federation-test-secret-0123456789abcdef", GRPC_PORT: "0", ADMIN_PORT: "0", HTTP_PORT: "0", LOG_LEVEL: "silent",
    LOCAL_DOMAIN: DOMAIN, LOCAL_HTTPS: "false", ACCOUNTS_GRPC_URL: address, STATUSES_GRPC_URL: address, MEDIA_GRPC_URL: address, MODERATION_GRPC_URL: address,
    // Peers in tests are HTTP servers on 127.0.0.1.
    FEDERATION_ALLOW_PRIVATE_ADDRESS: "true",
    ...options.env,
  });
  // Debug lines are kept for the tests that read what the service logged.
  const logs: Record<string, any>[] = [];
  const context = {
    ...createServiceContext("federation", { logLevel: "silent", shutdownTimeoutMs: 10_000 }),
    logger: createLogger("federation", "debug", { pretty: false, destination: { write: (line: string) => void logs.push(JSON.parse(line)) } }),
  };
  const bus = createEmbeddedBus();
  const kv = createEmbeddedStore();
  // A fresh schema: on PostgreSQL, or on the embedded server every suite of this process shares.
  const db: Database = backend.url ? await createDatabase({ url: backend.url, schema: uniqueName("federation") }) : await embeddedTestSchema(uniqueName("federation"));
  const infra: InfraProvider = { database: async () => db, bus: () => bus, kv: () => kv };
  context.shutdown.add("stores", "test stores", async () => {
    await bus.close();
    await kv.close();
    await db.knex.raw("drop schema if exists ?? cascade", [db.schema]);
    await db.close();
  });
  const { httpPort, grpcPort } = await startFederationService(config, context, infra);
  return {
    url: `http://127.0.0.1:${httpPort}`,
    logs,
    grpcUrl: `127.0.0.1:${grpcPort}`,
    db,
    calls,
    remoteAccounts,
    aliases,
    addAccount(username, fields = {}) {
      const made = account(username, fields);
      accounts.set(username.toLowerCase(), made);
      return made;
    },
    addStatus(fields) {
      const made = status(fields);
      statuses.set(made.uri, made);
      return made;
    },
    statuses,
    answer: (method, handler) => void answers.set(method, handler),
    bus,
    queued: (activityId) =>
      waitFor(async () => {
        const row: { body: string; activity_type: string } | undefined = await db.table("delivery_activities").where({ activity_id: activityId }).first();
        if (!row) return undefined;
        const inboxes: { inbox: string }[] = await db.table("deliveries").where({ activity_id: activityId });
        return { activity: JSON.parse(row.body) as Record<string, any>, type: row.activity_type, inboxes: inboxes.map((r) => r.inbox).sort() };
      }),
    async stop() {
      await context.shutdown.run("test");
      await double.stop(1_000);
    },
  };
}
