import { formatStatus, statusEntities } from "@starling/text";
import { tagUrl } from "../domain/status-urls.ts";
import type { TagUse } from "../data/status-tags-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";

/** A local status's text as stored: its HTML and what the text refers to. */
export interface ComposedText {
  /** Mastodon's HTML of the text. */
  content: string;
  /** Accounts mentioned that exist here, each once, in the order first mentioned. */
  mentionedAccountIds: string[];
  /** Hashtags in order of first use, each normalized name once. */
  tags: TagUse[];
  /** `:shortcode:`s of the spoiler text and text; which are custom emojis is decided when shown. */
  emojiShortcodes: string[];
}

/**
 * Renders a local status's text and resolves its mentions with ONE accounts call for all of them
 * (none when the text mentions nobody). Mentions of unknown or suspended accounts stay plain text
 * and mention nobody, as in Mastodon; remote ones resolve only once the account is known here.
 * A new status and an edit both go through this, so they render alike.
 */
export async function composeStatusText(deps: Pick<StatusesDeps, "accounts" | "baseUrl">, caller: Caller, text: string, spoilerText: string): Promise<ComposedText> {
  const entities = statusEntities(text, spoilerText);
  const known = await deps.accounts.mentionable(entities.mentions, caller);
  const accountOf = (username: string, domain: string | undefined) => known.get((domain === undefined ? username : `${username}@${domain}`).toLowerCase());
  const content = formatStatus(text, { tagUrl: (tag) => tagUrl(deps.baseUrl, tag), mentionUrl: (username, domain) => accountOf(username, domain)?.url });
  // "@alice" and "@alice@this.domain" are one account: mention it once, where it came first.
  const mentionedAccountIds = [...new Set(entities.mentions.flatMap((acct) => known.get(acct.toLowerCase())?.id ?? []))];
  return { content, mentionedAccountIds, tags: entities.hashtags, emojiShortcodes: entities.emojiShortcodes };
}
