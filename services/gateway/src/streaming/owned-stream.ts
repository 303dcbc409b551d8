import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Viewer } from "@starling/runtime";
import type { Clients } from "../clients/gateway-clients.ts";
import type { TokenResolver } from "../http/authenticate.ts";
import { LIST_REFUSED, resolveStream, StreamError, type ResolvedStream, type StreamRequest } from "./stream-catalog.ts";

/**
 * A stream resolved and, for a list, authorized as Mastodon's authorizeListAccess: timelines'
 * GetList answers only the list's owner, so an unknown list and another user's are both refused
 * (404 on SSE, an error event on a WebSocket). A failure of timelines itself is thrown as it is.
 */
export async function openableStream(deps: { clients: Clients; tokens: TokenResolver }, request: StreamRequest, viewer: Viewer | undefined): Promise<StreamError | ResolvedStream> {
  const stream = resolveStream(request, viewer);
  if (stream instanceof StreamError || stream.listId === undefined || !viewer) return stream;
  try {
    await deps.clients.lists.getList({ id: stream.listId }, { viewerToken: await deps.tokens.sign(viewer) });
    return stream;
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code === GrpcStatus.NOT_FOUND || code === GrpcStatus.INVALID_ARGUMENT) return new StreamError(404, LIST_REFUSED);
    throw error;
  }
}
