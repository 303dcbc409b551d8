import { connectService, signViewer, type AsyncClient } from "@starling/runtime";
import { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import { statusExcerpt } from "../domain/status-excerpt.ts";

/** The words of a status as a notification quotes them, read as its recipient may see it. */
export interface StatusTexts {
  /** The status's spoiler text or plain text, shortened; undefined when it cannot be read now. */
  excerptFor(statusId: string, recipientAccountId: string): Promise<string | undefined>;
}

/**
 * Reads statuses from the statuses service as the recipient (a viewer signed here, so visibility
 * rules apply). The address may arrive later: in the embedded run the statuses service starts after
 * this one. A failed read gives undefined and the message goes without the text, rather than late.
 */
export function connectStatusTexts(address: string | Promise<string>, secret: string, deadlineMs: number): StatusTexts & { close(): void } {
  let client: Promise<AsyncClient<StatusesServiceClient>> | undefined;
  const connect = () => (client ??= Promise.resolve(address).then((at) => connectService(StatusesServiceClient, at, { deadlineMs })));
  return {
    async excerptFor(statusId, recipientAccountId) {
      try {
        const viewerToken = await signViewer(secret, { accountId: recipientAccountId, scopes: ["read:statuses"] });
        const { statuses } = await (await connect()).getStatuses({ ids: [statusId] }, { viewerToken });
        const status = statuses[0];
        return status && statusExcerpt(status.spoilerText, status.content);
      } catch {
        return undefined;
      }
    },
    close: () => void client?.then((c) => c.close()),
  };
}
