import { z } from "zod";
import type { ListConversationsResponse } from "@starling/proto/timelines/v1/conversations";
import { edgeLinks, type Route, type RouteContext } from "../http/route.ts";
import { idParam, pageParams, pageRequest } from "../http/params.ts";
import { presentConversations } from "../presenters/conversation.ts";

const list = z.object(pageParams(20));
const one = z.object({ id: idParam });

/** Direct conversations (reference: conversations); the timelines service keeps them and their read state. */
export const conversationRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/conversations",
    auth: "user",
    scopes: ["read", "read:statuses"],
    input: list,
    call: (ctx, input: z.infer<typeof list>) => ctx.clients.conversations.listConversations({ page: pageRequest(input) }, { viewerToken: ctx.viewerToken }),
    present: (ctx, r: ListConversationsResponse) => presentConversations(ctx, r.conversations),
    // Paged by last status id, as Mastodon's.
    links: (r: ListConversationsResponse) => edgeLinks(r.conversations.map((c) => c.lastStatusId)),
  },
  {
    method: "post",
    path: "/api/v1/conversations/:id/read",
    auth: "user",
    scopes: ["write", "write:conversations"],
    input: one,
    call: async (ctx, input: z.infer<typeof one>) => (await ctx.clients.conversations.markConversationRead({ id: input.id }, { viewerToken: ctx.viewerToken })).conversation!,
    present: async (ctx: RouteContext, conversation) => (await presentConversations(ctx, [conversation]))[0],
  },
  {
    method: "delete",
    path: "/api/v1/conversations/:id",
    auth: "user",
    scopes: ["write", "write:conversations"],
    input: one,
    call: (ctx, input: z.infer<typeof one>) => ctx.clients.conversations.removeConversation({ id: input.id }, { viewerToken: ctx.viewerToken }),
    present: () => ({}),
  },
];
