import type { MediaAttachment } from "@starling/proto/media/v1/media";
import type { ScheduledStatus } from "@starling/proto/statuses/v1/scheduled_statuses";
import type { RouteContext } from "../http/route.ts";
import { presentMediaList } from "./media.ts";
import { isoOrNull } from "./values.ts";

/**
 * Renders Mastodon ScheduledStatus entities (reference §4.17), fetching the uploads of all of
 * them in one media call. `params` has Mastodon's keys: `idempotency` and `scheduled_at` are null
 * once stored, `with_rate_limit` false, `application_id` left out.
 */
export async function presentScheduledStatuses(ctx: RouteContext, scheduled: ScheduledStatus[]): Promise<Record<string, unknown>[]> {
  const mediaIds = [...new Set(scheduled.flatMap((s) => s.params?.mediaIds ?? []))];
  const { media } = mediaIds.length ? await ctx.clients.media.getMedia({ ids: mediaIds }, { viewerToken: ctx.viewerToken }) : { media: [] as MediaAttachment[] };
  const byId = new Map(media.map((m) => [m.id, m]));
  return scheduled.map((s) => renderScheduledStatus(s, byId));
}

/** One ScheduledStatus entity. */
export async function presentScheduledStatus(ctx: RouteContext, scheduled: ScheduledStatus): Promise<Record<string, unknown>> {
  const [rendered] = await presentScheduledStatuses(ctx, [scheduled]);
  return rendered!;
}

function renderScheduledStatus(scheduled: ScheduledStatus, media: ReadonlyMap<string, MediaAttachment>): Record<string, unknown> {
  const params = scheduled.params;
  const mediaIds = params?.mediaIds ?? [];
  const poll = params?.poll;
  return {
    id: scheduled.id,
    scheduled_at: isoOrNull(scheduled.scheduledAt),
    params: {
      text: params?.text ?? "",
      poll: poll ? { options: poll.options, expires_in: poll.expiresIn ?? null, multiple: poll.multiple, hide_totals: poll.hideTotals } : null,
      media_ids: mediaIds.length ? mediaIds : null,
      sensitive: params?.sensitive ?? false,
      spoiler_text: params?.spoilerText ?? null,
      visibility: params?.visibility ?? "public",
      idempotency: null,
      scheduled_at: null,
      in_reply_to_id: params?.inReplyToId ?? null,
      language: params?.language ?? null,
      with_rate_limit: false,
    },
    media_attachments: presentMediaList(mediaIds, media),
  };
}
