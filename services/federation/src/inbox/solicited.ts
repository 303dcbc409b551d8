import type { Context } from "@fedify/fedify";
import { Mention, type Object as APObject } from "@fedify/fedify/vocab";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { FederationContextData } from "../fedify/federation.ts";
import { statusByUri } from "./interaction-handlers.ts";

/**
 * Whether a post arriving in the inbox concerns this server, as Mastodon asks before storing one:
 * it addresses or mentions a local account, replies to a post stored here, or its author (when
 * known here) has a follower here. Anything else is unsolicited (spam, mostly) and is not stored.
 */
export async function isSolicited(ctx: Context<FederationContextData>, object: APObject, author: Account | undefined): Promise<boolean> {
  const ours = (uri: URL | null) => uri?.origin === new URL(ctx.origin).origin;
  if ([...object.toIds, ...object.ccIds].some(ours)) return true;
  for await (const tag of object.getTags({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true })) {
    if (tag instanceof Mention && ours(tag.href)) return true;
  }
  if (object.replyTargetId && (ours(object.replyTargetId) || (await statusByUri(ctx, object.replyTargetId)))) return true;
  if (!author) return false;
  const { accounts } = await ctx.data.follows.listFollowers({ accountId: author.id, page: { limit: 1 } });
  return accounts.length > 0;
}
