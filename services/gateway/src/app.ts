import express, { type NextFunction, type Request, type Response } from "express";
import type { KeyValueStore } from "@starling/kv";
import { publicBaseUrl, type Logger } from "@starling/runtime";
import type { Clients } from "./clients/gateway-clients.ts";
import type { GatewayConfig } from "./config.ts";
import type { ActivityRecorder } from "./http/activity-recorder.ts";
import { bearerToken, type TokenResolver } from "./http/authenticate.ts";
import { bindRoute } from "./http/bind-route.ts";
import { bodyParsers } from "./http/body-parsers.ts";
import { cors } from "./http/cors.ts";
import { federationProxy, mediaFilesProxy } from "./http/federation-proxy.ts";
import { ipAccess } from "./http/ip-access.ts";
import type { IpBlockList } from "./http/ip-block-list.ts";
import { missingImages } from "./http/missing-images.ts";
import { multipartFields } from "./http/multipart-fields.ts";
import { openApiDocument } from "./http/openapi-document.ts";
import { passwordAttempts } from "./http/rate-limit/password-attempts.ts";
import { passwordChecks } from "./http/rate-limit/password-checks.ts";
import { rateLimiter } from "./http/rate-limit/rate-limiter.ts";
import { THROTTLES } from "./http/rate-limit/throttles.ts";
import { requestValuesOnce, weakETag } from "./http/request-values-once.ts";
import { refuseMalformedText } from "./http/text-input.ts";
import { pagesRouter } from "./pages/pages-router.ts";
import { ROUTES } from "./routes/route-table.ts";
import type { StreamingCore } from "./streaming/streaming-core.ts";
import { streamingRouter } from "./streaming/streaming-routes.ts";

/** Builds the client-facing Express app: CORS, IP blocks, federation forwarding, streaming, the route table, JSON errors. */
export function createApp(config: GatewayConfig, clients: Clients, logger: Logger, kv: KeyValueStore, tokens: TokenResolver, streaming: StreamingCore, ipBlocks: IpBlockList, activity: ActivityRecorder): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Mastodon clients send arrays as `types[]=a&types[]=b`; the extended parser reads them.
  app.set("query parser", "extended");
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  app.set("etag", weakETag);
  const baseUrl = publicBaseUrl(config);
  app.use(requestValuesOnce);
  app.use(cors);
  // Before anything else a client can reach: an address staff blocked (no_access) gets nothing.
  app.use(ipAccess(ipBlocks));
  app.use(rateLimiter({ kv, throttles: THROTTLES, safelist: config.RATE_LIMIT_SAFELIST, userIdOf: (req) => userIdOf(tokens, req) }));
  app.use(federationProxy(config.FEDERATION_HTTP_URL));
  app.use(mediaFilesProxy(config.MEDIA_HTTP_URL));
  app.use(missingImages);
  app.use("/api/v1/streaming", streamingRouter(streaming));
  const bound = { config, clients, tokens, activity, logger, baseUrl };
  // The route table as OpenAPI 3.1, public like the instance document (CORS and limits as any /api path).
  const openApi = openApiDocument(ROUTES, baseUrl);
  app.get("/api/openapi.json", (_req: Request, res: Response) => void res.set("Cache-Control", "public, max-age=300").json(openApi));
  // Upload routes stream their own bodies, so they are bound before the parsers that read bodies whole.
  for (const route of ROUTES.filter((r) => r.upload)) bindRoute(app, route, bound);
  app.use(...bodyParsers);
  app.use(multipartFields({ fields: 200, fieldSize: 100_000 }));
  // Before any route or page: text that PostgreSQL cannot store is refused here (422).
  app.use(refuseMalformedText);
  // After the parsers: the account a password is tried against is in the body.
  app.use(passwordAttempts({ kv, checks: passwordChecks(config) }));
  for (const route of ROUTES.filter((r) => !r.upload)) bindRoute(app, route, bound);
  app.use(pagesRouter(config, clients, logger));
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ error: "Not Found" });
  });
  // Body-parser failures (malformed JSON, oversized bodies) arrive here: answer JSON, never HTML.
  app.use((error: { status?: number; statusCode?: number; message?: string }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status ?? error.statusCode ?? 500;
    // A client's bad body is its own problem: logged quietly, so bad input cannot flood the error log.
    if (status >= 500) logger.error({ err: error }, "unhandled gateway error");
    else logger.debug({ status, message: error.message }, "request body refused");
    res.status(status).json({ error: status >= 500 ? "Internal Server Error" : (error.message ?? "Bad Request") });
  });
  return app;
}

// Rate limits key signed-in users by account; any token failure leaves the request to bindRoute's answer.
async function userIdOf(tokens: TokenResolver, req: Request): Promise<string | undefined> {
  const token = bearerToken(req);
  if (!token) return undefined;
  return tokens.resolve(token).then((viewer) => viewer.accountId, () => undefined);
}
