// Starts the federation service over real HTTP on a real database (PGlite always, PostgreSQL too when
// DATABASE_URL is set, in a schema of its own), with the embedded bus and key-value store. Accounts
// and statuses answer from a small gRPC double holding the accounts a test puts in it: this package
// does not depend on the accounts service; the end-to-end suite runs the real one.
import { createDatabase, type Database } from "@starling/db";
import { createEmbeddedBus } from "@starling/events";
import { createEmbeddedStore } from "@starling/kv";
import type { InfraProvider } from "@starling/platform";
import { AccountsServiceService, type Account } from "@starling/proto/accounts/v1/accounts";
import { ProfilesServiceService } from "@starling/proto/accounts/v1/profiles";
import { RegistrationServiceService } from "@starling/proto/accounts/v1/registration";
import { StatusesServiceService } from "@starling/proto/statuses/v1/statuses";
import { createServiceContext, notFound, ServiceError, startGrpcServer } from "@starling/runtime";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { uniqueName } from "@starling/testkit";
import { federationEnv, startFederationService } from "../src/index.ts";

/** A database the suite can run on. */
export interface Backend {
  name: string;
  url?: string;
}

/** PGlite, plus PostgreSQL when DATABASE_URL is set. */
export const backends: Backend[] = [{ name: "PGlite" }, ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL", url: process.env.DATABASE_URL }] : [])];

/** The public domain the service under test believes it has. */
export const DOMAIN = "fed.test:3000";
export const BASE_URL = `http://${DOMAIN}`;

/** A running federation service. */
export interface Harness {
  /** Base URL of its HTTP port (loopback); public URLs in documents use BASE_URL. */
  url: string;
  /** The service's own schema, to read the keys it stored. */
  db: Database;
  /** Adds a local account the accounts double answers LookupAccount with. */
  addAccount(username: string, fields?: Partial<Account>): Account;
  stop(): Promise<void>;
}

let nextId = 100;

function account(username: string, fields: Partial<Account>): Account {
  const id = String(nextId++);
  return {
    id, username, domain: "", displayName: "", note: "", uri: `${BASE_URL}/users/${username}`, url: `${BASE_URL}/@${username}`,
    locked: false, bot: false, discoverable: undefined, group: false, createdAt: new Date(), followersCount: "0", followingCount: "0",
    statusesCount: "0", lastStatusAt: undefined, avatarUrl: "", headerUrl: "", fields: [], suspended: false, limited: false,
    movedToAccountId: "", emojiShortcodes: [], avatarStaticUrl: "", headerStaticUrl: "", ...fields,
  };
}

// Methods the double does not know answer UNIMPLEMENTED, so a test that reaches one fails loudly.
const only = (handlers: Record<string, (request: any) => Promise<unknown>>) =>
  new Proxy(handlers, { get: (target, name: string) => target[name] ?? (async () => { throw new ServiceError(GrpcStatus.UNIMPLEMENTED, `${name} is not in the test double`); }) });

export async function startHarness(backend: Backend): Promise<Harness> {
  const accounts = new Map<string, Account>();
  const stats = { usersTotal: "2", usersActiveMonth: "1", usersActiveHalfyear: "2", localPosts: "5", knownDomains: "0" };
  const doubleContext = createServiceContext("accounts-double", { logLevel: "silent", shutdownTimeoutMs: 5_000 });
  const double = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    viewerSecret: "federation-test-secret-0123456789abcdef",
    logger: doubleContext.logger,
    registry: doubleContext.registry,
    services: [
      { definition: ProfilesServiceService, handlers: only({ lookupAccount: async ({ acct }: { acct: string }) => {
        const found = accounts.get(acct.toLowerCase());
        if (!found) throw notFound("Record not found");
        return { account: found };
      } }) },
      { definition: AccountsServiceService, handlers: only({ getUsageStats: async () => ({ stats: { ...stats, localPosts: "0" } }) }) },
      { definition: StatusesServiceService, handlers: only({ getUsageStats: async () => ({ stats }) }) },
      { definition: RegistrationServiceService, handlers: only({ getRegistrationSettings: async () => ({ mode: "open", enabled: true, approvalRequired: false }) }) },
    ],
  });
  const address = `127.0.0.1:${double.port}`;
  const config = federationEnv.parse({
    VIEWER_TOKEN_SECRET: "federation-test-secret-0123456789abcdef", GRPC_PORT: "0", ADMIN_PORT: "0", HTTP_PORT: "0", LOG_LEVEL: "silent",
    LOCAL_DOMAIN: DOMAIN, LOCAL_HTTPS: "false", ACCOUNTS_GRPC_URL: address, STATUSES_GRPC_URL: address,
  });
  const context = createServiceContext("federation", { logLevel: "silent", shutdownTimeoutMs: 10_000 });
  const bus = createEmbeddedBus();
  const kv = createEmbeddedStore();
  const dataDir = await mkdtemp(join(tmpdir(), "starling-federation-"));
  const db: Database = await createDatabase(backend.url ? { url: backend.url, schema: uniqueName("federation") } : { dataDir, schema: "federation" });
  const infra: InfraProvider = { database: async () => db, bus: () => bus, kv: () => kv };
  context.shutdown.add("stores", "test stores", async () => {
    await bus.close();
    await kv.close();
    await db.close();
  });
  const { httpPort } = await startFederationService(config, context, infra);
  return {
    url: `http://127.0.0.1:${httpPort}`,
    db,
    addAccount(username, fields = {}) {
      const made = account(username, fields);
      accounts.set(username.toLowerCase(), made);
      return made;
    },
    async stop() {
      await context.shutdown.run("test");
      await double.stop(1_000);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
