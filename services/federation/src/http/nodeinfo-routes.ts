import express, { type Request, type Response } from "express";
import { publicBaseUrl, type AsyncClient, type Logger } from "@starling/runtime";
import type { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import type { RegistrationServiceClient } from "@starling/proto/accounts/v1/registration";
import type { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import type { FederationConfig } from "../config.ts";
import { nodeInfo20, nodeInfoLinks } from "../domain/nodeinfo.ts";

const NODEINFO_20_TYPE = 'application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.0#"';

/**
 * NodeInfo discovery and the 2.0 document. Written here rather than through Fedify's NodeInfo
 * dispatcher: Fedify only serves NodeInfo 2.1 (its version, schema link and content type), while
 * the spec asks for exactly the 2.0 document.
 */
export function nodeInfoRouter(
  config: FederationConfig,
  clients: { accounts: AsyncClient<AccountsServiceClient>; statuses: AsyncClient<StatusesServiceClient>; registration: AsyncClient<RegistrationServiceClient> },
  logger: Logger,
): express.Router {
  const app = express.Router();
  const baseUrl = publicBaseUrl(config);
  app.get("/.well-known/nodeinfo", (_req: Request, res: Response) => {
    res.set("Cache-Control", "public, max-age=259200").json(nodeInfoLinks(baseUrl));
  });
  app.get("/nodeinfo/2.0", async (_req: Request, res: Response) => {
    try {
      const [accounts, statuses, registrations] = await Promise.all([
        clients.accounts.getUsageStats({}),
        clients.statuses.getUsageStats({}),
        clients.registration.getRegistrationSettings({}),
      ]);
      const stats = { ...accounts.stats!, localPosts: statuses.stats?.localPosts ?? 0 };
      // Open unless closed: sign-ups that need approval are still open to anyone, as Mastodon reports them.
      const body = nodeInfo20(stats, { openRegistrations: registrations.enabled, nodeName: config.INSTANCE_TITLE });
      res.set("Cache-Control", "public, max-age=1800").type(NODEINFO_20_TYPE).send(JSON.stringify(body));
    } catch (error) {
      logger.warn({ err: error }, "nodeinfo usage unavailable");
      res.status(503).json({ error: "There was a temporary problem serving your request, please try again" });
    }
  });
  return app;
}
