import type { Context } from "@fedify/fedify";
import { status as grpcStatus } from "@grpc/grpc-js";
import { invalidArgument, notFound } from "@starling/runtime";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { ResolveAccountResponse, ResolveRequest } from "@starling/proto/federation/v1/federation";
import { findRemoteActors } from "../data/remote-actors-queries.ts";
import { findLocalAccount, type FederationContextData } from "../fedify/federation.ts";
import { ACTOR_REFRESH_MS, findAccountByUri, refuseBlockedHost, resolveRemoteAccount } from "../remote/resolve-actor.ts";
import { actorUriByHandle } from "../remote/webfinger.ts";
import type { FederationHandlerDeps } from "./federation-handlers.ts";

/** What a resolve query names: a handle (`user`, `user@host`, `@user@host`) or an http(s) URL. */
export type ResolveQuery = { kind: "handle"; username: string; host: string | null } | { kind: "url"; url: URL };

export function parseResolveQuery(query: string): ResolveQuery {
  const trimmed = query.trim();
  const handle = /^@?([A-Za-z0-9_][A-Za-z0-9_.-]*)(?:@([A-Za-z0-9.-]+(?::\d{1,5})?))?$/.exec(trimmed);
  if (handle) return { kind: "handle", username: handle[1]!, host: handle[2]?.toLowerCase() ?? null };
  try {
    const url = new URL(trimmed);
    if (url.protocol === "https:" || url.protocol === "http:") return { kind: "url", url };
  } catch {
    // Neither a handle nor a URL.
  }
  throw invalidArgument("query must be user@host, @user@host or an http(s) URL");
}

const required = (account: Account | null | undefined): Account => {
  if (!account) throw notFound("Record not found");
  return account;
};

async function knownRemoteByHandle(data: FederationContextData, username: string, host: string): Promise<Account | null> {
  try {
    const { account } = await data.profiles.lookupAccount({ acct: `${username}@${host}` });
    return account?.domain ? account : null;
  } catch (error) {
    if ((error as { code?: number }).code === grpcStatus.NOT_FOUND) return null;
    throw error;
  }
}

async function resolveHandle(ctx: Context<FederationContextData>, username: string, host: string | null): Promise<Account> {
  if (host === null || host === ctx.host.toLowerCase()) return required(await findLocalAccount(ctx.data, username));
  await refuseBlockedHost(ctx, host);
  // A known account is used while fresh, and refetched by its actor URI when stale (as Mastodon does).
  const known = await knownRemoteByHandle(ctx.data, username, host);
  if (known) {
    const [stored] = await findRemoteActors(ctx.data.db, [known.id]);
    if (stored && Date.now() - stored.fetchedAt.getTime() < ACTOR_REFRESH_MS) return known;
    return resolveRemoteAccount(ctx, known.uri);
  }
  const actorUri = await actorUriByHandle(ctx, username, host);
  if (!actorUri) throw notFound(`WebFinger found no actor for ${username}@${host}`);
  return resolveRemoteAccount(ctx, actorUri);
}

async function resolveUrl(ctx: Context<FederationContextData>, url: URL): Promise<Account> {
  if (url.origin === new URL(ctx.origin).origin) {
    const known = await findAccountByUri(ctx.data, url.href);
    if (known) return known;
    // A local profile page (/@alice) names the account as well as its actor URI does.
    const username = /^\/@([A-Za-z0-9_]+)\/?$/.exec(url.pathname)?.[1];
    return required(username ? await findLocalAccount(ctx.data, username) : null);
  }
  return resolveRemoteAccount(ctx, url);
}

/** ResolveAccount: local accounts answer at once; remote ones are found and stored when needed. */
export function resolveAccountHandler(deps: FederationHandlerDeps) {
  return async (request: ResolveRequest): Promise<ResolveAccountResponse> => {
    const query = parseResolveQuery(request.query);
    const ctx = deps.federation.createContext(new URL(deps.origin), deps.contextData);
    const account = query.kind === "handle" ? await resolveHandle(ctx, query.username, query.host) : await resolveUrl(ctx, query.url);
    return { accountId: account.id };
  };
}
