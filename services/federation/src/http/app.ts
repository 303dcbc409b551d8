import express, { type Request, type Response } from "express";
import type { Federation } from "@fedify/fedify";
import { status as grpcStatus } from "@grpc/grpc-js";
import { publicBaseUrl, type Logger } from "@starling/runtime";
import type { FederationConfig } from "../config.ts";
import type { FederationContextData } from "../fedify/federation.ts";
import { withFetchedStatusExtensions } from "../fedify/object-dispatchers.ts";
import { fedifyMiddleware } from "./fedify-bridge.ts";
import { hostMetaHandler } from "./host-meta.ts";
import { instanceActorHandler, instanceActorOutboxHandler, instanceActorWebFinger } from "./instance-actor-route.ts";
import { INSTANCE_ACTOR_INBOX_PATH, INSTANCE_ACTOR_OUTBOX_PATH } from "../fedify/instance-actor.ts";
import { nodeInfoRouter } from "./nodeinfo-routes.ts";
import { shortPathRoutes } from "./short-paths.ts";
import { tagHandler } from "./tag-routes.ts";
import { followersSynchronizationHandler } from "./followers-synchronization-route.ts";
import { refuseBlockedSenders } from "./refuse-blocked-senders.ts";

/** The HTTP app other servers reach: NodeInfo and host-meta here, WebFinger and actors through Fedify. */
export function createFederationApp(
  config: FederationConfig,
  parts: {
    clients: Parameters<typeof nodeInfoRouter>[1];
    federation: Federation<FederationContextData>;
    /** The same federation with /actor/inbox as its inbox without an owner (Fedify allows one such path). */
    instanceActorInbox: Federation<FederationContextData>;
    contextData: FederationContextData;
  },
  logger: Logger,
): express.Express {
  const app = express();
  app.disable("x-powered-by");
  const baseUrl = publicBaseUrl(config);
  app.use((_req, res, next) => {
    res.set("Access-Control-Allow-Origin", "*");
    next();
  });
  app.use(nodeInfoRouter(config, parts.clients, logger));
  app.get("/.well-known/host-meta", hostMetaHandler(baseUrl));
  app.get("/.well-known/webfinger", instanceActorWebFinger(baseUrl));
  app.get("/actor", instanceActorHandler(parts.federation, { baseUrl, contextData: parts.contextData }));
  app.get(INSTANCE_ACTOR_OUTBOX_PATH, instanceActorOutboxHandler(parts.federation, { baseUrl, contextData: parts.contextData }));
  const fedify = (federation: Federation<FederationContextData>) =>
    fedifyMiddleware(federation, {
      baseUrl,
      // With the request's Collection-Synchronization header, which the inbox acts on once the activity is verified.
      contextData: (req) => ({ ...parts.contextData, collectionSynchronization: req.get("collection-synchronization") }),
      profileUrl: (path) => {
        // Browsers go to the profile or status page, as Mastodon redirects them.
        const [, username, id] = /^\/users\/([A-Za-z0-9_]+)(?:\/statuses\/(\d+))?\/?$/.exec(path) ?? [];
        return username ? `${baseUrl}/@${username}${id ? `/${id}` : ""}` : null;
      },
      extendJson: (path, json, data) => withFetchedStatusExtensions(data, path, json),
    });
  app.use(refuseBlockedSenders(parts.contextData.db, config.LIMITED_FEDERATION_MODE));
  app.post(INSTANCE_ACTOR_INBOX_PATH, fedify(parts.instanceActorInbox));
  const fedifyMain = fedify(parts.federation);
  app.use(shortPathRoutes({ baseUrl, data: parts.contextData, fedify: fedifyMain }));
  app.get("/tags/:tag", tagHandler({ baseUrl, data: parts.contextData }));
  app.get("/users/:username/followers_synchronization", followersSynchronizationHandler(parts.federation, { baseUrl, data: parts.contextData }));
  app.use(fedifyMain);
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ error: "Not Found" });
  });
  app.use((error: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
    // Accounts unreachable or slow is temporary (503), as NodeInfo answers it; anything else is a bug (500).
    const code = (error as { code?: unknown }).code;
    const temporary = code === grpcStatus.UNAVAILABLE || code === grpcStatus.DEADLINE_EXCEEDED;
    logger[temporary ? "warn" : "error"]({ err: error }, "federation request failed");
    res.status(temporary ? 503 : 500).json({ error: "There was a temporary problem serving your request, please try again" });
  });
  return app;
}
