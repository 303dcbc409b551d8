import type { Express, Request, Response } from "express";
import { canonicalAddress, viewerHas, type Logger } from "@starling/runtime";
import type { Clients } from "../clients/gateway-clients.ts";
import type { GatewayConfig } from "../config.ts";
import type { TokenResolver } from "./authenticate.ts";
import type { ActivityRecorder } from "./activity-recorder.ts";
import { bearerToken } from "./authenticate.ts";
import { HttpError, toHttpError } from "./grpc-to-http.ts";
import { bodyParsers } from "./body-parsers.ts";
import { linkHeader } from "./link-header.ts";
import { inputErrorStatus } from "./params.ts";
import { uploadParts, type UploadParts } from "./multipart-upload.ts";
import type { Route, RouteContext } from "./route.ts";
import { malformedText, refuseMalformedText } from "./text-input.ts";

/** What every bound route shares. */
export interface BindDeps {
  config: GatewayConfig;
  clients: Clients;
  tokens: TokenResolver;
  activity: ActivityRecorder;
  logger: Logger;
  baseUrl: string;
}

/**
 * Serves one route-table row: merges and validates parameters, authenticates and checks scopes,
 * calls the services, renders, sets the Link header, and turns every failure into a JSON error.
 * Every route goes through here, so these rules hold everywhere.
 */
export function bindRoute(app: Express, route: Route, deps: BindDeps): void {
  app[route.method](route.path, ...(route.upload ? uploadBodyParsers : []), async (req: Request, res: Response) => {
    res.set("Cache-Control", route.cacheControl ?? "no-cache, no-store, max-age=0, must-revalidate");
    let upload: UploadParts | undefined;
    try {
      const ctx = await authorize(route, req, deps);
      ctx.ipBlock = res.locals.ipBlock;
      // An upload route's body is its parts, read by the route itself; query and path are validated here.
      const body = !route.upload && isObject(req.body) ? req.body : {};
      const params = { ...(req.query as object), ...body, ...req.params };
      // Query and body were checked by refuseMalformedText; path segments are decoded here.
      const pathProblem = malformedText(req.params);
      if (pathProblem) throw new HttpError(404, "Record not found");
      const parsed = route.input.safeParse(params);
      if (!parsed.success) throw validationError(parsed.error.issues, Object.keys(req.params));
      if (route.upload) upload = ctx.upload = uploadParts(req, route.upload(deps.config));
      const result = await route.call(ctx, parsed.data);
      const rendered = route.present ? await route.present(ctx, result) : result;
      const links = route.links?.(result);
      const link = links && linkHeader(deps.baseUrl, req.path, req.query as Record<string, unknown>, links);
      if (link) res.set("Link", link);
      res.status(route.status?.(result) ?? 200).json(rendered ?? {});
    } catch (error) {
      if (route.upload) {
        // Answer now, mid-body: stop reading the upload and close the connection after the answer.
        upload?.abort();
        res.set("Connection", "close");
      }
      const { status, body } = toHttpError(error);
      if (status >= 500 && status !== 503) deps.logger.error({ err: error, path: route.path }, "request failed");
      // Answers to bad input are logged quietly, so no client can flood the error log.
      else deps.logger.debug({ status, path: route.path, error: body.error }, "request refused");
      // RFC 6749 §5.2: OAuth endpoints answer 400 where the API would answer 422.
      if (route.errorFormat === "oauth") res.status(status === 422 ? 400 : status).json(oauthBody(status, body));
      else res.status(status).json(body);
    }
  });
}

async function authorize(route: Route, req: Request, deps: BindDeps): Promise<RouteContext> {
  const base: RouteContext = { config: deps.config, clients: deps.clients, viewer: undefined, viewerToken: undefined, baseUrl: deps.baseUrl, headers: req.headers, ip: canonicalAddress(req.ip ?? "") };
  if (route.auth === "none") return base;
  const token = bearerToken(req);
  if (!token) {
    if (route.auth === "optional") return base;
    throw new HttpError(401, "The access token is invalid");
  }
  const viewer = await deps.tokens.resolve(token, { allowSuspended: route.allowSuspended });
  if (route.scopes && !route.scopes.some((scope) => viewer.scopes.includes(scope))) {
    throw new HttpError(403, "This action is outside the authorized scopes");
  }
  if (route.auth === "user" && !viewer.accountId) throw new HttpError(422, "This method requires an authenticated user");
  if (route.permission && !viewerHas(viewer, route.permission)) throw new HttpError(403, "This action is not allowed");
  const viewerToken = await deps.tokens.sign(viewer);
  deps.activity.touch(viewer, viewerToken);
  return { ...base, viewer, viewerToken, accessToken: token };
}

// Upload routes are bound before the app's body parsers (which would read multipart whole), so
// the JSON and form bodies they also accept are parsed here.
const uploadBodyParsers = [...bodyParsers, refuseMalformedText];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A failed validation as its answer: 404 for a path id, 400 for a cursor, 422 otherwise (see inputErrorStatus). */
function validationError(issues: readonly { path: PropertyKey[]; message: string }[], pathKeys: string[]): HttpError {
  const status = inputErrorStatus(issues, pathKeys);
  if (status === 404) return new HttpError(404, "Record not found");
  return new HttpError(status, `Validation failed: ${issues.map(describeIssue).join(", ")}`);
}

/** One zod issue as the 422 message lists it: "path message". */
export function describeIssue(issue: { path: PropertyKey[]; message: string }): string {
  return issue.path.length ? `${issue.path.map(String).join(".")} ${issue.message}` : issue.message;
}

/**
 * RFC 6749 error body: the OAuth code and its description, split from "code: description". A 5xx
 * or an upstream's 429 is never the client's fault: an unavailable or overloaded upstream is
 * `temporarily_unavailable`, any other failure `server_error` (the codes of §4.1.2.1, as
 * Doorkeeper names them). The gateway's own limiter answers before this, in Mastodon's words.
 */
function oauthBody(status: number, body: Record<string, unknown>): Record<string, unknown> {
  const message = String(body.error ?? "");
  if (status === 503 || status === 429) return { error: "temporarily_unavailable", error_description: message };
  if (status >= 500) return { error: "server_error", error_description: message };
  const match = /^([a-z_]+): (.*)$/s.exec(message);
  if (match) return { error: match[1], error_description: match[2] };
  return { error: status === 401 ? "invalid_client" : "invalid_request", error_description: message };
}
