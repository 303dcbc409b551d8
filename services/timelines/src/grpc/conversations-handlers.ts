import type { ConversationsServiceServer } from "@starling/proto/timelines/v1/conversations";
import type { AsyncHandlers } from "@starling/runtime";
import { listConversations, readConversation, removeConversation } from "../use-cases/conversations.ts";
import type { FeedDeps } from "../use-cases/feed-deps.ts";
import { viewerAccount } from "./viewer-account.ts";

/** gRPC handlers of ConversationsService: always the viewer's own conversations. */
export function conversationsHandlers(deps: FeedDeps): AsyncHandlers<ConversationsServiceServer> {
  return {
    async listConversations(request, ctx) {
      return { conversations: await listConversations(deps, viewerAccount(ctx), request.page) };
    },
    async markConversationRead(request, ctx) {
      return { conversation: await readConversation(deps, viewerAccount(ctx), request.id) };
    },
    async removeConversation(request, ctx) {
      await removeConversation(deps, viewerAccount(ctx), request.id);
      return {};
    },
  };
}
