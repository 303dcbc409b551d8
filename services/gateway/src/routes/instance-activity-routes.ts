import { z } from "zod";
import { HttpError } from "../http/grpc-to-http.ts";
import type { Route } from "../http/route.ts";
import { presentWeekActivity } from "../presenters/admin-dashboard.ts";

// Public and cacheable for a day, as Mastodon serves them.
const cacheControl = "public, max-age=86400";

/** GET /api/v1/instance/peers (federation's known domains) and /activity (moderation's weekly counters); 404 when staff or the operator turned them off. */
export const instanceActivityRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/instance/peers",
    auth: "none",
    cacheControl,
    input: z.object({}),
    call: async (ctx) => {
      // Staff's peers_visible setting (Mastodon's peers_api_enabled) decides, as for any instance page.
      if (!(await ctx.clients.instanceSettings.getInstanceSettings({})).peersVisible) throw new HttpError(404, "Record not found");
      return (await ctx.clients.federation.listPeers({})).domains;
    },
  },
  {
    method: "get",
    path: "/api/v1/instance/activity",
    auth: "none",
    cacheControl,
    input: z.object({}),
    call: async (ctx) => {
      if (!ctx.config.SHOW_ACTIVITY) throw new HttpError(404, "Record not found");
      return (await ctx.clients.dashboard.getInstanceActivity({})).weeks;
    },
    present: (_ctx, weeks) => weeks.map(presentWeekActivity),
  },
];
