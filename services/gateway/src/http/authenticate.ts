import type { Request } from "express";
import { BoundedMap, signViewer, type Viewer } from "@starling/runtime";
import type { Clients } from "../clients/gateway-clients.ts";
import { HttpError } from "./grpc-to-http.ts";

/** The bearer token of a request: Authorization header first, then access_token (as Doorkeeper). */
export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    return match?.[1];
  }
  const fromQuery = (req.query as Record<string, unknown>).access_token ?? (req.body as Record<string, unknown> | undefined)?.access_token;
  return typeof fromQuery === "string" && fromQuery ? fromQuery : undefined;
}

/**
 * Resolves bearer tokens to viewers through the accounts service, caching each answer briefly so a
 * burst of requests costs one call. Revocation events drop cached tokens at once
 * (events/token-revocations-consumer.ts); the cache time bounds what an event could miss.
 */
export class TokenResolver {
  private readonly cache = new BoundedMap<string, { viewer: Viewer; until: number }>(10_000);
  private readonly forgetListeners: ((match: { tokenId?: string; accountId?: string }) => void)[] = [];
  // Keyed by the cached viewer object, so a signature lives no longer than its cache entry.
  private readonly signed = new WeakMap<Viewer, { token: string; until: number }>();

  private readonly clients: Clients;
  private readonly cacheMs: number;
  private readonly secret: string;

  constructor(clients: Clients, cacheMs: number, secret: string) {
    this.clients = clients;
    this.cacheMs = cacheMs;
    this.secret = secret;
  }

  /**
   * The viewer for a token, or 401 when the token is unknown or revoked (403 when its account is
   * suspended, unless `allowSuspended`: the few routes a suspended user may still call).
   */
  async resolve(token: string, options: { allowSuspended?: boolean } = {}): Promise<Viewer> {
    const key = options.allowSuspended ? `${token}\nsuspended` : token;
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached.viewer;
    const answer = await this.clients.accounts.authenticate({ accessToken: token, allowSuspended: options.allowSuspended }).catch((error: { code?: number }) => {
      if (error.code === 16) throw new HttpError(401, "The access token is invalid");
      throw error;
    });
    const viewer: Viewer = {
      tokenId: answer.tokenId,
      appId: answer.appId,
      appName: answer.appName,
      appWebsite: answer.appWebsite,
      accountId: answer.accountId,
      scopes: answer.scopes,
      role: answer.role,
    };
    this.cache.set(key, { viewer, until: Date.now() + this.cacheMs });
    return viewer;
  }

  /** Calls `listener` with every token or account forgotten: open streams of it close then. */
  onForget(listener: (match: { tokenId?: string; accountId?: string }) => void): void {
    this.forgetListeners.push(listener);
  }

  /** Drops the cached tokens of one token id, or of every token of an account. */
  forget(match: { tokenId?: string; accountId?: string }): void {
    for (const listener of this.forgetListeners) listener(match);
    for (const [token, { viewer }] of this.cache) {
      if ((match.tokenId && viewer.tokenId === match.tokenId) || (match.accountId && viewer.accountId === match.accountId)) this.cache.delete(token);
    }
  }

  /**
   * Drops the cached tokens of an account, or of every holder of a role, without closing their
   * streams: their next request resolves the role's permissions afresh.
   */
  refresh(match: { accountId?: string; roleId?: string }): void {
    for (const [token, { viewer }] of this.cache) {
      if ((match.accountId && viewer.accountId === match.accountId) || (match.roleId && viewer.role?.id === match.roleId)) this.cache.delete(token);
    }
  }

  /**
   * Signs a viewer for services (valid 60 s; see runtime/viewer.ts), reusing a signature for 30 s,
   * so a burst of requests signs once and services verify once.
   */
  async sign(viewer: Viewer): Promise<string> {
    const signed = this.signed.get(viewer);
    if (signed && signed.until > Date.now()) return signed.token;
    const token = await signViewer(this.secret, viewer);
    this.signed.set(viewer, { token, until: Date.now() + 30_000 });
    return token;
  }
}
