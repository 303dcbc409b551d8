/**
 * The real accounts and statuses services, started in the test process on the moderation harness's
 * InfraProvider and shutdown, as the embedded launcher runs them: accounts are made with
 * CreateAccount (the operator's viewer), statuses posted with CreateStatus.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { accountsEnv, startAccountsService } from "@starling/accounts";
import type { InfraProvider } from "@starling/platform";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { RegistrationServiceClient, type RegisterResponse } from "@starling/proto/accounts/v1/registration";
import { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import { connectService, createServiceContext, OPERATOR_ROLE, signViewer, type AsyncClient, type ServiceContext } from "@starling/runtime";
import { startStatusesService, statusesEnv } from "@starling/statuses";
import { VIEWER_SECRET } from "./moderation-harness.ts";

/** What moderation's tests do through its peers. */
export interface Peers {
  /** Creates a confirmed local account with a role ("" for a plain user); resolves with its id. */
  createAccount(username: string, role?: string): Promise<string>;
  /** Signs up through an app, as POST /api/v1/accounts does, from an address whose sign-ups wait for approval; resolves with the account's id. */
  signUpPending(username: string): Promise<string>;
  /** Signs up as signUpPending does (waiting for approval or not); resolves with the answer (no field errors when taken). */
  signUp(username: string, approvalRequired: boolean): Promise<RegisterResponse>;
  /** Posts a status (public unless told) as the account; resolves with its id. */
  post(accountId: string, text: string, visibility?: string): Promise<string>;
  accounts: AsyncClient<AccountsServiceClient>;
  env: Record<string, string>;
}

/** Starts accounts and statuses; they stop with the harness's shutdown. */
export async function startPeers(infra: InfraProvider, context: ServiceContext): Promise<Peers> {
  const logLevel = process.env.TEST_LOG_LEVEL ?? "silent";
  // A data folder of the test's own: accounts writes its e-mails there when no SMTP server is set.
  const base = { VIEWER_TOKEN_SECRET: VIEWER_SECRET, GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL: logLevel, LOCAL_DOMAIN: "social.test", DATA_DIR: await mkdtemp(join(tmpdir(), "moderation-peers-")) };
  const peerContext = (name: string) => createServiceContext(name, { logLevel, shutdownTimeoutMs: 5_000, shutdown: context.shutdown });
  const accountsPort = (await startAccountsService(accountsEnv.parse(base), peerContext("accounts"), infra)).grpcPort;
  const accountsAddress = `127.0.0.1:${accountsPort}`;
  const statusesPort = (await startStatusesService(statusesEnv.parse({ ...base, ACCOUNTS_GRPC_URL: accountsAddress }), peerContext("statuses"), infra)).grpcPort;
  const accounts = connectService(AccountsServiceClient, accountsAddress, { deadlineMs: 10_000 });
  const statuses = connectService(StatusesServiceClient, `127.0.0.1:${statusesPort}`, { deadlineMs: 10_000 });
  const registration = connectService(RegistrationServiceClient, accountsAddress, { deadlineMs: 10_000 });
  const profiles = connectService(ProfilesServiceClient, accountsAddress, { deadlineMs: 10_000 });
  context.shutdown.add("clients", "test peer clients", () => [accounts, statuses, registration, profiles].forEach((c) => c.close()));
  const owner = await signViewer(VIEWER_SECRET, { scopes: ["admin:write"], role: OPERATOR_ROLE });
  let signUpApp: string | undefined;
  const signUp = async (username: string, approvalRequired: boolean) => {
    signUpApp ??= (await accounts.createApp({ clientName: "Sign-up client", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read write", website: "" })).app!.id;
    const viewerToken = await signViewer(VIEWER_SECRET, { appId: signUpApp, scopes: ["write"] });
    const form = { username, email: `${username}@example.test`, password: "correct horse battery", agreement: true, locale: "en", reason: "I would like to join", ip: "198.51.100.7", approvalRequired };
    return registration.register(form, { viewerToken });
  };
  return {
    signUp,
    async signUpPending(username) {
      const answer = await signUp(username, true);
      if (answer.refused) throw new Error(`sign-up refused: ${answer.refused.error}`);
      return (await profiles.lookupAccount({ acct: username })).account!.id;
    },
    accounts,
    env: { ACCOUNTS_GRPC_URL: accountsAddress, STATUSES_GRPC_URL: `127.0.0.1:${statusesPort}` },
    async createAccount(username, role) {
      const { account } = await accounts.createAccount({ username, email: `${username}@example.test`, confirmed: true, role }, { viewerToken: owner });
      return account!.id;
    },
    async post(accountId, text, visibility = "public") {
      const viewerToken = await signViewer(VIEWER_SECRET, { accountId, scopes: ["write"] });
      const { status } = await statuses.createStatus({ status: text, visibility, spoilerText: "", sensitive: false, application: { name: "Test", website: "" }, mediaIds: [] }, { viewerToken });
      return status!.id;
    },
  };
}
