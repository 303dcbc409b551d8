import type { Route } from "../http/route.ts";
import { accountRoutes } from "./account-routes.ts";
import { instanceRoutes } from "./instance-routes.ts";
import { oauthRoutes } from "./oauth-routes.ts";
import { statusRoutes } from "./status-routes.ts";
import { timelineRoutes } from "./timeline-routes.ts";

/** Every client-facing route the gateway serves, one row each. */
export const ROUTES: Route[] = [...oauthRoutes, ...accountRoutes, ...statusRoutes, ...timelineRoutes, ...instanceRoutes];
