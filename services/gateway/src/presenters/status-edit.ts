import type { StatusVersion } from "@starling/proto/statuses/v1/status_edits";
import type { RouteContext } from "../http/route.ts";
import { presentAccounts } from "./account.ts";
import { loadCustomEmojis, presentEmojisOf } from "./custom-emoji.ts";
import { presentMediaList } from "./media.ts";
import { isoOrNull } from "./values.ts";

/**
 * Renders a status's versions as Mastodon StatusEdit entities (reference §4.17), oldest first as
 * given. The editors come from ONE accounts call, every version's attachments from ONE media call
 * and their custom emojis from ONE statuses call. `poll` appears only on versions that had one, with just the option titles, as Mastodon
 * shows it; versions whose editor is gone are left out.
 */
export async function presentStatusVersions(ctx: RouteContext, versions: StatusVersion[]): Promise<Record<string, unknown>[]> {
  if (versions.length === 0) return [];
  const accountIds = [...new Set(versions.map((v) => v.accountId))];
  const mediaIds = [...new Set(versions.flatMap((v) => v.mediaIds))];
  const [{ accounts }, { media }] = await Promise.all([
    ctx.clients.accounts.getAccounts({ ids: accountIds }, { viewerToken: ctx.viewerToken }),
    mediaIds.length ? ctx.clients.media.getMedia({ ids: mediaIds }, { viewerToken: ctx.viewerToken }) : { media: [] },
  ]);
  // A version's emojis are its editor's server's, so they are looked up once the editors are known.
  const domainOf = new Map(accounts.map((a) => [a.id, a.domain]));
  const [rendered, emojis] = await Promise.all([
    presentAccounts(ctx, accounts),
    loadCustomEmojis(ctx, versions.flatMap((v) => v.emojiShortcodes.map((shortcode) => ({ shortcode, domain: domainOf.get(v.accountId) })))),
  ]);
  const accountById = new Map(accounts.map((a, i) => [a.id, rendered[i]]));
  const mediaById = new Map(media.map((m) => [m.id, m]));
  return versions.flatMap((version) => {
    const account = accountById.get(version.accountId);
    if (!account) return [];
    return [
      {
        content: version.content,
        spoiler_text: version.spoilerText,
        sensitive: version.sensitive,
        created_at: isoOrNull(version.createdAt),
        account,
        ...(version.poll ? { poll: { options: version.poll.options.map((title) => ({ title })) } } : {}),
        media_attachments: presentMediaList(version.mediaIds, mediaById),
        emojis: presentEmojisOf(version.emojiShortcodes, domainOf.get(version.accountId) ?? "", emojis),
      },
    ];
  });
}
