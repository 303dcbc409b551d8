import { z } from "zod";
import type { Appeal, Strike } from "@starling/proto/moderation/v1/account_actions";
import { edgeLinks, type Route } from "../http/route.ts";
import { choiceParam, idParam, pageParams, pageRequest } from "../http/params.ts";
import { presentAppeal, presentStrike } from "../presenters/strike.ts";
import { staffAccess } from "./admin-crud-routes.ts";

const byId = z.object({ id: idParam });
const appeal = z.object({ id: idParam, text: z.string().default("") });
const list = z.object(pageParams(20));
const appeals = z.object({ ...pageParams(40), state: choiceParam });
// A suspended user may still read and appeal their strikes (as Mastodon's web UI lets them).
const own = { auth: "user" as const, allowSuspended: true };
const staffRead = staffAccess("manage_appeals", "read");
const staffWrite = staffAccess("manage_appeals", "write");

/** Strikes and appeals (beyond Mastodon 4.0, which has them in its web UI only), owned by the moderation service. */
export const strikeRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/strikes",
    ...own,
    scopes: ["read", "read:accounts"],
    input: list,
    call: async (ctx, input: z.infer<typeof list>) => (await ctx.clients.strikes.listStrikes({ page: pageRequest(input) }, { viewerToken: ctx.viewerToken })).strikes,
    present: (_ctx, strikes: Strike[]) => strikes.map(presentStrike),
    links: (strikes: Strike[]) => edgeLinks(strikes.map((s) => s.id)),
  },
  { method: "get", path: "/api/v1/strikes/:id", ...own, scopes: ["read", "read:accounts"], input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.strikes.getStrike(input, { viewerToken: ctx.viewerToken }), present: (_ctx, s) => presentStrike(s) },
  {
    method: "post",
    path: "/api/v1/strikes/:id/appeal",
    ...own,
    scopes: ["write", "write:accounts"],
    input: appeal,
    call: (ctx, input: z.infer<typeof appeal>) => ctx.clients.strikes.appealStrike({ strikeId: input.id, text: input.text }, { viewerToken: ctx.viewerToken }),
    present: (_ctx, a) => presentAppeal(a),
  },
  {
    method: "get",
    path: "/api/v1/admin/appeals",
    ...staffRead,
    input: appeals,
    call: async (ctx, input: z.infer<typeof appeals>) => (await ctx.clients.strikes.listAppeals({ page: pageRequest(input), state: input.state }, { viewerToken: ctx.viewerToken })).appeals,
    present: (_ctx, list: Appeal[]) => list.map(presentAppeal),
    links: (list: Appeal[]) => edgeLinks(list.map((a) => a.id)),
  },
  { method: "post", path: "/api/v1/admin/appeals/:id/approve", ...staffWrite, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.strikes.approveAppeal(input, { viewerToken: ctx.viewerToken }), present: (_ctx, a) => presentAppeal(a) },
  { method: "post", path: "/api/v1/admin/appeals/:id/reject", ...staffWrite, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.strikes.rejectAppeal(input, { viewerToken: ctx.viewerToken }), present: (_ctx, a) => presentAppeal(a) },
];
