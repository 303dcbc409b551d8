import { parseArgs } from "node:util";
import { accountsEnv, startAccountsService } from "@starling/accounts";
import { createInfraProvider } from "@starling/platform";
import { checkHealth, connectService, createServiceContext, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { loadCliConfig } from "../cli-config.ts";
import { readLiveRunRecord } from "../run-registry.ts";
import { viewerSecret } from "../viewer-secret.ts";

const USAGE = "usage: starling accounts create USERNAME --email EMAIL [--confirmed] [--role ROLE] [--locale LOCALE]";

/**
 * `starling accounts create`, like tootctl: creates a local account and prints its password. It talks
 * to a running accounts service (ACCOUNTS_GRPC_URL, or the embedded server recorded in DATA_DIR);
 * with none running it starts the accounts service in this process for the one call, without its
 * outbox relay, so the events it writes wait for the server's relay instead of being lost.
 */
export async function accountsCreateCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: "string" }, confirmed: { type: "boolean", default: false }, role: { type: "string" }, locale: { type: "string" } },
  });
  const username = positionals[0];
  if (!username || !values.email) throw new Error(USAGE);
  const config = loadCliConfig();
  const secret = viewerSecret(config.DATA_DIR, config.VIEWER_TOKEN_SECRET);
  const { address, stop } = await accountsAddress(config, secret);
  const client = connectService(AccountsServiceClient, address, { deadlineMs: 15_000 });
  try {
    const viewerToken = await signViewer(secret, { role: OPERATOR_ROLE, scopes: ["admin:write"] });
    const created = await client.createAccount({ username, email: values.email, confirmed: values.confirmed ?? false, role: values.role, locale: values.locale }, { viewerToken });
    console.log("OK");
    console.log(`New password: ${created.password}`);
  } finally {
    client.close();
    await stop();
  }
}

/** The address of a running accounts service, or of one started in this process for the command (stopped by `stop`). */
export async function accountsAddress(config: ReturnType<typeof loadCliConfig>, secret: string): Promise<{ address: string; stop: () => Promise<void> }> {
  const running = config.ACCOUNTS_GRPC_URL ?? readLiveRunRecord(config.DATA_DIR)?.addresses.accounts;
  if (running && (await checkHealth(running).catch(() => "DOWN")) === "SERVING") return { address: running, stop: async () => {} };
  if (config.ACCOUNTS_GRPC_URL) throw new Error(`the accounts service at ${config.ACCOUNTS_GRPC_URL} does not answer`);
  const env = { ...process.env, VIEWER_TOKEN_SECRET: secret, GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL: "warn" };
  const context = createServiceContext("accounts", { logLevel: "warn", shutdownTimeoutMs: 10_000 });
  const infra = createInfraProvider(config, { clientId: "starling-cli", logger: context.logger, shutdown: context.shutdown });
  const { grpcPort } = await startAccountsService(accountsEnv.parse(env), context, infra, { relay: false, consumers: false });
  return { address: `127.0.0.1:${grpcPort}`, stop: () => context.shutdown.run("command finished") };
}
