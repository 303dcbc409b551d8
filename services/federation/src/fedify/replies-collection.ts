import type { Federation } from "@fedify/fedify";
import { Note } from "@fedify/fedify/vocab";
import type { FederationContextData } from "./federation.ts";
import type { LocalStatusView } from "./note-object.ts";

const PUBLIC = new Set(["public", "unlisted"]);

type Servable = (data: FederationContextData, values: { identifier: string; id: string }) => Promise<LocalStatusView | null>;

/**
 * `/users/:u/statuses/:id/replies`: the direct public and unlisted replies of a status anyone may
 * fetch, by URI, its author's own first (Mastodon's first page) and then other accounts' (its next
 * page), each oldest first, in one collection. Items are bare references: servers fetch each.
 */
export function registerRepliesCollection(federation: Federation<FederationContextData>, servable: Servable): void {
  federation.setCollectionDispatcher("replies", Note, "/users/{identifier}/statuses/{id}/replies", async (ctx, values) => {
    const view = await servable(ctx.data, values);
    if (!view) return null;
    const { descendantIds, page } = await ctx.data.statuses.getStatusContext({ id: values.id });
    const byId = new Map((page?.statuses ?? []).map((s) => [s.id, s]));
    const descendants = descendantIds.flatMap((id) => byId.get(id) ?? []);
    const replies = descendants.filter((s) => s.inReplyToId === values.id && PUBLIC.has(s.visibility));
    const own = replies.filter((s) => s.accountId === view.author.id);
    const others = replies.filter((s) => s.accountId !== view.author.id);
    return { items: [...own, ...others].map((s) => new Note({ id: new URL(s.uri) })) };
  });
}
