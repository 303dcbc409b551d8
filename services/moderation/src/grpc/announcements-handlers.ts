import type { AnnouncementsServiceServer } from "@starling/proto/moderation/v1/announcements";
import type { AsyncHandlers } from "@starling/runtime";
import { announcementToProto } from "../use-cases/announcement-events.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { changeAnnouncement, createAnnouncement, deleteAnnouncement, listAllAnnouncementViews } from "../use-cases/manage-announcements.ts";
import { addReaction, dismissAnnouncement, listAnnouncementsFor, removeReaction } from "../use-cases/user-announcements.ts";
import { callerOf } from "./caller-of.ts";

/** AnnouncementsService: decode → use case → encode. */
export function announcementsHandlers(deps: ModerationDeps): AsyncHandlers<AnnouncementsServiceServer> {
  return {
    async listAnnouncements(request, ctx) {
      return { announcements: (await listAnnouncementsFor(deps, callerOf(ctx), request.withDismissed)).map(announcementToProto) };
    },
    async dismissAnnouncement(request, ctx) {
      await dismissAnnouncement(deps, callerOf(ctx), request.id);
      return {};
    },
    async addAnnouncementReaction(request, ctx) {
      await addReaction(deps, callerOf(ctx), request.id, request.name);
      return {};
    },
    async removeAnnouncementReaction(request, ctx) {
      await removeReaction(deps, callerOf(ctx), request.id, request.name);
      return {};
    },
    async listAllAnnouncements(_request, ctx) {
      return { announcements: (await listAllAnnouncementViews(deps, callerOf(ctx))).map(announcementToProto) };
    },
    async createAnnouncement(request, ctx) {
      const { text, startsAt, endsAt, allDay, scheduledAt } = request;
      return announcementToProto(await createAnnouncement(deps, callerOf(ctx), { text, startsAt, endsAt, allDay, scheduledAt }));
    },
    async updateAnnouncement(request, ctx) {
      const { id, ...changes } = request;
      return announcementToProto(await changeAnnouncement(deps, callerOf(ctx), id, changes));
    },
    async deleteAnnouncement(request, ctx) {
      await deleteAnnouncement(deps, callerOf(ctx), request.id);
      return {};
    },
  };
}
