import type { z } from "zod";
import type { Permission, Viewer } from "@starling/runtime";
import type { Clients } from "../clients/gateway-clients.ts";
import type { GatewayConfig } from "../config.ts";
import type { IpBlockSeverity } from "./ip-block-list.ts";
import type { UploadLimits, UploadParts } from "./multipart-upload.ts";

/** Who may call a route: anyone, anyone with an optional token, any token, or a token with a user. */
export type RouteAuth = "none" | "optional" | "app" | "user";

/** What a route's call and presenter can use. */
export interface RouteContext {
  config: GatewayConfig;
  clients: Clients;
  /** The resolved token's viewer, when there is one. */
  viewer: Viewer | undefined;
  /** The viewer signed for services; pass it on every gRPC call. */
  viewerToken: string | undefined;
  /** The bearer token itself, for the one call that must keep it (a push subscription's payloads carry it). */
  accessToken?: string;
  /** Public base URL of the instance, e.g. https://example.com. */
  baseUrl: string;
  /** Request headers that calls may need (Idempotency-Key). */
  headers: Record<string, string | string[] | undefined>;
  /** The client's address (the forwarded one behind trusted proxies), for records like the sign-up IP. */
  ip?: string;
  /** The strongest IP block on that address short of no_access (which never gets this far), if any. */
  ipBlock?: IpBlockSeverity | undefined;
  /** The body's parts, streamed, on routes with `upload`; their `input` then covers query and path only. */
  upload?: UploadParts;
}

/** Cursor ids for the Link header of a paginated answer. */
export interface PageLinks {
  /** Id for rel="next" (older items, as max_id), or the offset where the next page starts. */
  next?: string | undefined;
  /** Id for rel="prev" (newer items, as min_id or since_id), or the offset where the previous page starts. */
  prev?: string | undefined;
  /** Which parameter carries the prev cursor: min_id for timelines, since_id for account lists. */
  prevParam?: "min_id" | "since_id";
  /** Lists paged by position (trends, as Mastodon): both links carry `offset`. */
  byOffset?: boolean;
}

/** Links of a list paged by offset, from where the pages beside it start (absent: none that way). */
export function offsetLinks(page: { nextOffset?: number | undefined; prevOffset?: number | undefined } | undefined): PageLinks | undefined {
  if (!page) return undefined;
  return { next: page.nextOffset?.toString(), prev: page.prevOffset?.toString(), byOffset: true };
}

/**
 * Links of a newest-first page from the ids it holds: older than its last, newer than its first
 * (min_id); none for an empty page.
 */
export function edgeLinks(ids: readonly string[]): PageLinks | undefined {
  return ids.length ? { next: ids.at(-1), prev: ids[0], prevParam: "min_id" } : undefined;
}

/**
 * One row of the gateway's route table: everything `bindRoute` needs to serve it, so no route has a
 * hand-written handler.
 */
export interface Route<Input = any, Result = any> {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  auth: RouteAuth;
  /** Any one of these scopes is enough (Mastodon lists the broad scope first). */
  scopes?: string[];
  /**
   * The staff permission the viewer's role must hold (admin routes, as Mastodon 4.0 requires each);
   * others get 403 "This action is not allowed". Only on `auth: "user"` routes.
   */
  permission?: Permission;
  /** A suspended account's token may call it (reading and appealing its strikes); others get 403. */
  allowSuspended?: boolean;
  /** Validates query, path and body parameters merged together. */
  input: z.ZodType<Input>;
  call: (ctx: RouteContext, input: Input) => Promise<Result>;
  /** Renders the Mastodon entity; the result is sent as is when absent. */
  present?: (ctx: RouteContext, result: Result) => Promise<unknown> | unknown;
  /** Cursor ids for the Link header. */
  links?: (result: Result) => PageLinks | undefined;
  /** OAuth endpoints answer errors as {error, error_description} (RFC 6749). */
  errorFormat?: "oauth";
  /** Cache-Control for public, cacheable answers; API answers default to no-store. */
  cacheControl?: string;
  /**
   * Makes the route read its own body as a stream of parts (`ctx.upload`) within these limits,
   * instead of the generic parsing that would hold whole files in memory.
   */
  upload?: (config: GatewayConfig) => UploadLimits;
  /**
   * What an upload route reads from its body, for the OpenAPI document only (the route checks the
   * parts itself): its text fields and the names of its file fields.
   */
  uploadBody?: { fields: z.ZodObject; files: readonly string[] };
  /** The success status when it is not 200 (202 or 206 while media is still processing). */
  status?: (result: Result) => number;
}
