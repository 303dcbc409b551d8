import type { Tag } from "@starling/proto/timelines/v1/tags";
import type { RouteContext } from "../http/route.ts";

/** Mastodon's Tag: display name, URL, 7 days of history (numbers as strings), `following` for a signed-in viewer. */
export function presentTag(ctx: RouteContext, tag: Tag) {
  const name = tag.displayName || tag.name;
  return {
    name,
    url: `${ctx.baseUrl}/tags/${encodeURIComponent(tag.name)}`,
    history: tag.history.map((d) => ({ day: String(d.day), uses: String(d.uses), accounts: String(d.accounts) })),
    ...(tag.following === undefined ? {} : { following: tag.following }),
  };
}
