import { z } from "zod";
import type { Announcement } from "@starling/proto/moderation/v1/announcements";
import type { Route, RouteContext } from "../http/route.ts";
import { boolParam, idParam } from "../http/params.ts";
import { presentAdminAnnouncement, presentAnnouncement } from "../presenters/announcement.ts";
import { scheduledAtParam } from "./scheduled-status-routes.ts";
import { staffAccess } from "./admin-crud-routes.ts";

const asViewer = (ctx: RouteContext) => ({ viewerToken: ctx.viewerToken });
const byId = z.object({ id: idParam });
const reaction = z.object({ id: idParam, name: z.string().min(1) });
// An empty or null time means none, as Mastodon's forms send it.
const timeParam = z.preprocess((value) => (value === "" || value === null ? undefined : value), scheduledAtParam.optional());
const timing = { starts_at: timeParam, ends_at: timeParam, all_day: boolParam.optional(), scheduled_at: timeParam };
const create = z.object({ text: z.string().default(""), ...timing });
const change = z.object({ id: idParam, text: z.string().optional(), ...timing, clear_time_range: boolParam.optional() });
const staffRead = staffAccess("manage_announcements", "read");
const staffWrite = staffAccess("manage_announcements", "write");
const favourites = { auth: "user" as const, scopes: ["write", "write:favourites"] };

/**
 * Announcements (reference §1.20), owned by the moderation service. The staff routes under
 * /api/v1/admin/announcements are beyond Mastodon 4.0 (its staff manage them in the web UI).
 */
export const announcementRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/announcements",
    auth: "user",
    scopes: ["read"],
    input: z.object({ with_dismissed: boolParam.default(false) }),
    call: async (ctx, input: { with_dismissed: boolean }) => (await ctx.clients.announcements.listAnnouncements({ withDismissed: input.with_dismissed }, asViewer(ctx))).announcements,
    present: (ctx, list: Announcement[]) => list.map((a) => presentAnnouncement(ctx.baseUrl, a)),
  },
  {
    method: "post",
    path: "/api/v1/announcements/:id/dismiss",
    auth: "user",
    scopes: ["write", "write:accounts"],
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.announcements.dismissAnnouncement({ id: input.id }, asViewer(ctx)),
    present: () => ({}),
  },
  ...(["put", "patch"] as const).map((method): Route => ({
    method,
    path: "/api/v1/announcements/:id/reactions/:name",
    ...favourites,
    input: reaction,
    call: (ctx, input: z.infer<typeof reaction>) => ctx.clients.announcements.addAnnouncementReaction(input, asViewer(ctx)),
    present: () => ({}),
  })),
  {
    method: "delete",
    path: "/api/v1/announcements/:id/reactions/:name",
    ...favourites,
    input: reaction,
    call: (ctx, input: z.infer<typeof reaction>) => ctx.clients.announcements.removeAnnouncementReaction(input, asViewer(ctx)),
    present: () => ({}),
  },
  {
    method: "get",
    path: "/api/v1/admin/announcements",
    ...staffRead,
    input: z.object({}),
    call: async (ctx) => (await ctx.clients.announcements.listAllAnnouncements({}, asViewer(ctx))).announcements,
    present: (ctx, list: Announcement[]) => list.map((a) => presentAdminAnnouncement(ctx.baseUrl, a)),
  },
  {
    method: "post",
    path: "/api/v1/admin/announcements",
    ...staffWrite,
    input: create,
    call: (ctx, input: z.infer<typeof create>) =>
      ctx.clients.announcements.createAnnouncement({ text: input.text, startsAt: input.starts_at, endsAt: input.ends_at, allDay: input.all_day ?? false, scheduledAt: input.scheduled_at }, asViewer(ctx)),
    present: (ctx, a) => presentAdminAnnouncement(ctx.baseUrl, a),
  },
  {
    method: "put",
    path: "/api/v1/admin/announcements/:id",
    ...staffWrite,
    input: change,
    call: (ctx, input: z.infer<typeof change>) =>
      ctx.clients.announcements.updateAnnouncement(
        { id: input.id, text: input.text, startsAt: input.starts_at, endsAt: input.ends_at, allDay: input.all_day, scheduledAt: input.scheduled_at, clearTimeRange: input.clear_time_range ?? false },
        asViewer(ctx),
      ),
    present: (ctx, a) => presentAdminAnnouncement(ctx.baseUrl, a),
  },
  {
    method: "delete",
    path: "/api/v1/admin/announcements/:id",
    ...staffWrite,
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.announcements.deleteAnnouncement({ id: input.id }, asViewer(ctx)),
    present: () => ({}),
  },
];
