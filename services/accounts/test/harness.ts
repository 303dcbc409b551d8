// Starts the accounts service over real gRPC on a real database, once per backend: the embedded test server always,
// PostgreSQL too when DATABASE_URL is set (in a schema of its own, so runs never collide).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, embeddedTestSchema, type Database } from "@starling/db";
import { createEmbeddedBus, type EmbeddedBus } from "@starling/events";
import { createInfraProvider, type InfraProvider } from "@starling/platform";
import { AccountsServiceClient, type Account } from "@starling/proto/accounts/v1/accounts";
import { connectService, createServiceContext, OPERATOR_ROLE, signViewer, type AsyncClient, type Viewer, type ViewerRole } from "@starling/runtime";
import { uniqueName } from "@starling/testkit";
import { accountsEnv, startAccountsService } from "../src/index.ts";
import { findRoleWithEveryone, findRolesByName } from "../src/data/user-roles-queries.ts";
import { viewerRoleOf } from "../src/domain/roles.ts";

/** A database the suite can run on. */
export interface Backend {
  name: string;
  url?: string;
}

/** The embedded test server, plus the PostgreSQL at DATABASE_URL when set. */
export const backends: Backend[] = [{ name: "embedded PostgreSQL" }, ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL", url: process.env.DATABASE_URL }] : [])];

const SECRET = "accounts-test-secret-0123456789abcdef";

/** A running accounts service and what tests need around it. */
export interface Harness {
  client: AsyncClient<AccountsServiceClient>;
  grpcPort: number;
  adminPort: number;
  /** The service's own database, for fixtures the API cannot make yet (a locked account). */
  db: Database;
  /** The embedded bus, delivering every message twice on purpose. */
  bus: EmbeddedBus;
  /** The service's DATA_DIR; mail goes to its mail/ folder (no SMTP in tests). */
  dataDir: string;
  /** A signed viewer token, as the gateway would send. */
  sign(viewer: Viewer): Promise<string>;
  /** A stored role by name ("" for everyone) as Authenticate puts it in the viewer. */
  role(name: string): Promise<ViewerRole>;
  /** Creates a confirmed local account through CreateAccount with the CLI's operator viewer. */
  createUser(username: string, options?: { password?: string; confirmed?: boolean; role?: string }): Promise<{ account: Account; email: string; password: string }>;
  stop(): Promise<void>;
}

/** `env` adds to or overrides the test configuration (e.g. REGISTRATIONS_MODE). */
export async function startHarness(backend: Backend, env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), "starling-accounts-"));
  // No statuses service here (port 1 refuses): notification messages go without the status's words.
  const config = accountsEnv.parse({ VIEWER_TOKEN_SECRET: SECRET, GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dataDir, LOCAL_DOMAIN: "127.0.0.1:3000", LOCAL_HTTPS: "false", STATUSES_GRPC_URL: "127.0.0.1:1", ...env });
  const context = createServiceContext("accounts", { logLevel: "silent", shutdownTimeoutMs: 10_000 });
  const base = createInfraProvider(config, { clientId: "accounts-test", logger: context.logger, shutdown: context.shutdown });
  const bus = createEmbeddedBus({ chaos: { duplicate: true } });
  let db: Database | undefined;
  const infra: InfraProvider = {
    database: async (schema) => {
      // A fresh schema: on PostgreSQL, or on the embedded server every suite of this process shares.
      const opened = backend.url ? await createDatabase({ url: backend.url, schema: uniqueName(schema) }) : await embeddedTestSchema(uniqueName(schema));
      context.shutdown.add("stores", "test schema", async () => {
        if (!backend.url) await opened.knex.raw("drop schema if exists ?? cascade", [opened.schema]);
        await opened.close();
      });
      return (db = opened);
    },
    bus: () => bus,
    kv: () => base.kv(),
  };
  context.shutdown.add("stores", "test bus", () => bus.close());
  const { grpcPort, adminPort } = await startAccountsService(config, context, infra);
  const client = connectService(AccountsServiceClient, `127.0.0.1:${grpcPort}`, { deadlineMs: 10_000 });
  const sign = (viewer: Viewer) => signViewer(SECRET, viewer);
  const ownerToken = await sign({ scopes: ["admin:write"], role: OPERATOR_ROLE });
  return {
    client,
    grpcPort,
    adminPort,
    db: db!,
    bus,
    dataDir,
    sign,
    async role(name) {
      const [row] = await findRolesByName(db!, name);
      if (!row) throw new Error(`no role named ${name}`);
      return viewerRoleOf(row, (await findRoleWithEveryone(db!, null)).everyone);
    },
    async createUser(username, options = {}) {
      const email = `${username}@example.test`;
      const created = await client.createAccount(
        { username, email, password: options.password, confirmed: options.confirmed ?? true, role: options.role },
        { viewerToken: ownerToken },
      );
      return { account: created.account!, email, password: created.password };
    },
    async stop() {
      client.close();
      await context.shutdown.run("test");
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The gRPC status code of a rejected call, with its message. */
export async function rejection(call: Promise<unknown>): Promise<{ code: number; details: string }> {
  try {
    await call;
  } catch (error) {
    const { code, details } = error as { code: number; details: string };
    return { code, details };
  }
  throw new Error("expected the call to fail");
}
