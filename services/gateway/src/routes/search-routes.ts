import { z } from "zod";
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { StatusPage } from "@starling/proto/statuses/v1/statuses";
import { HttpError } from "../http/grpc-to-http.ts";
import { boolParam, idParam, int32Param, textParam } from "../http/params.ts";
import type { Route, RouteContext } from "../http/route.ts";
import { presentAccounts } from "../presenters/account.ts";
import { presentStatusPage } from "../presenters/status.ts";
import { presentTag } from "../presenters/tag.ts";
import type { Tag } from "@starling/proto/timelines/v1/tags";
import { searchHashtags, searchStatusIds } from "./search-local.ts";

/** Mastodon's default and largest page of each kind of v2 search result. */
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 40;
/** The same for GET /api/v1/accounts/search (Mastodon 4.0: 40 and 80). */
const V1_ACCOUNTS_DEFAULT_LIMIT = 40;
const V1_ACCOUNTS_MAX_LIMIT = 80;

const search = z.object({
  q: textParam.optional(),
  type: z.enum(["accounts", "hashtags", "statuses"]).optional(),
  resolve: boolParam.optional(),
  following: boolParam.optional(),
  // Statuses by this account only.
  account_id: idParam.optional(),
  // Hashtags: only those staff reviewed for trends (clients ask so when looking for trending ones).
  exclude_unreviewed: boolParam.optional(),
  max_id: idParam.optional(),
  min_id: idParam.optional(),
  limit: int32Param.optional(),
  offset: int32Param.min(0).optional(),
});
type SearchInput = z.infer<typeof search>;

/**
 * What remote resolution can look up: a handle on some host (`user@host`, `@user@host`) or an
 * http(s) URL; anything else is only searched for locally.
 */
export function resolvableQuery(q: string): "handle" | "url" | null {
  const query = q.trim();
  if (/^@?[A-Za-z0-9_][A-Za-z0-9_.-]*@[A-Za-z0-9.-]+(?::\d{1,5})?$/.test(query)) return "handle";
  // URL.parse answers null where new URL throws: most queries are words, and a throw costs more than the search's parsing.
  const protocol = URL.parse(query)?.protocol;
  return protocol === "https:" || protocol === "http:" ? "url" : null;
}

// Nothing there, or a federation service without that method yet: the local results stand alone.
async function unlessUnresolvable<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code === GrpcStatus.NOT_FOUND || code === GrpcStatus.UNIMPLEMENTED) return undefined;
    throw error;
  }
}

interface Found {
  accounts: Account[];
  /** The resolved status and the full-text matches, ready to render; absent when there are none. */
  statuses: StatusPage | undefined;
  hashtags: Tag[];
}

/** The remote account or status the query names, fetched and stored by the federation service. */
async function resolveRemote(ctx: RouteContext, q: string, kind: "handle" | "url", wants: (type: string) => boolean): Promise<{ accountId?: string; statusId?: string }> {
  const as = { viewerToken: ctx.viewerToken };
  // A URL is tried as a status first: a post's address says more than its author's.
  if (kind === "url" && wants("statuses")) {
    const status = await unlessUnresolvable(ctx.clients.federation.resolveStatus({ query: q }, as));
    if (status?.statusId) return { statusId: status.statusId };
  }
  if (!wants("accounts")) return {};
  const account = await unlessUnresolvable(ctx.clients.federation.resolveAccount({ query: q }, as));
  return { accountId: account?.accountId || undefined };
}

async function runSearch(ctx: RouteContext, input: SearchInput): Promise<Found> {
  const q = input.q?.trim() ?? "";
  if (q === "") throw new HttpError(400, "param is missing or the value is empty: q");
  // Resolving makes this server fetch from others, and paging is costly: both need a token (Mastodon).
  if (!ctx.viewer && (input.resolve || input.offset !== undefined)) throw new HttpError(401, "Search queries that resolve remote resources or use an offset require a token");
  const as = { viewerToken: ctx.viewerToken };
  const wants = (type: string) => !input.type || input.type === type;
  const kind = resolvableQuery(q);
  // Only a signed-in user makes this server resolve, as in Mastodon.
  const resolved = input.resolve && ctx.viewer?.accountId && kind ? await resolveRemote(ctx, q, kind, wants) : {};
  const limit = Math.min(input.limit && input.limit > 0 ? input.limit : DEFAULT_LIMIT, MAX_LIMIT);
  // Mastodon pages by offset only within one type.
  const offset = input.type ? (input.offset ?? 0) : 0;
  const [accounts, statusIds, hashtags] = await Promise.all([
    // A URL names one thing; it is not a name to look for among accounts.
    wants("accounts") && kind !== "url"
      ? ctx.clients.profiles
          .searchAccounts({ q, limit, offset, following: input.following ?? false, resolve: false }, as)
          .then((r) => withResolvedFirst(ctx, resolved.accountId, r.accounts, limit))
      : withResolvedFirst(ctx, resolved.accountId, [], limit),
    // The resolved status first, then what the words find (a URL is only resolved).
    wants("statuses") && kind !== "url"
      ? searchStatusIds(ctx, { q, limit, offset, maxId: input.max_id, minId: input.min_id, accountId: input.account_id }).then((ids) => [...new Set([...(resolved.statusId ? [resolved.statusId] : []), ...ids])].slice(0, limit))
      : resolved.statusId ? [resolved.statusId] : [],
    wants("hashtags") && !kind ? searchHashtags(ctx, { q, limit, offset, excludeUnreviewed: input.exclude_unreviewed }) : [],
  ]);
  const statuses = statusIds.length > 0 ? await ctx.clients.statuses.getStatusPage({ ids: statusIds }, as) : undefined;
  return { accounts, statuses, hashtags };
}

/** The search's matches with the resolved account (when there is one) first and not twice, cut to `limit`. */
async function withResolvedFirst(ctx: RouteContext, accountId: string | undefined, matches: Account[], limit: number): Promise<Account[]> {
  const resolved = accountId ? (await ctx.clients.accounts.getAccounts({ ids: [accountId] }, { viewerToken: ctx.viewerToken })).accounts : [];
  return [...resolved, ...matches.filter((a) => !resolved.some((r) => r.id === a.id))].slice(0, limit);
}

/**
 * GET /api/v1/accounts/search's answer: accounts by name or handle and, with `resolve` from a
 * signed-in user, the remote account a `user@host` handle names, fetched when unknown and listed
 * first — what clients use to complete a mention of someone on another server.
 */
export async function searchAccountsResolving(
  ctx: RouteContext,
  input: { q: string; limit?: number | undefined; offset?: number | undefined; following?: boolean | undefined; resolve?: boolean | undefined },
): Promise<Account[]> {
  const q = input.q.trim();
  const as = { viewerToken: ctx.viewerToken };
  const resolved = input.resolve && ctx.viewer?.accountId && resolvableQuery(q) === "handle" ? await resolveRemote(ctx, q, "handle", (type) => type === "accounts") : {};
  const limit = Math.min(input.limit && input.limit > 0 ? input.limit : V1_ACCOUNTS_DEFAULT_LIMIT, V1_ACCOUNTS_MAX_LIMIT);
  const { accounts } = await ctx.clients.profiles.searchAccounts({ q, limit, offset: input.offset ?? 0, following: input.following ?? false, resolve: false }, as);
  return withResolvedFirst(ctx, resolved.accountId, accounts, limit);
}

/**
 * GET /api/v2/search: accounts by name or handle (the accounts service), statuses by full text and
 * hashtags by name (the trends service), and with `resolve` the remote account or status a handle or
 * URL names. A malformed query (an unknown operator value, an unclosed quote) is a 422.
 */
export const searchRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v2/search",
    auth: "optional",
    scopes: ["read", "read:search"],
    input: search,
    call: runSearch,
    present: async (ctx, found: Found) => ({
      accounts: await presentAccounts(ctx, found.accounts),
      statuses: presentStatusPage(ctx, found.statuses),
      hashtags: found.hashtags.map((tag) => presentTag(ctx, tag)),
    }),
  },
];
