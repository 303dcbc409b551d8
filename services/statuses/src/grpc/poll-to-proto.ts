import type { Poll as PollMessage, PollRequest } from "@starling/proto/statuses/v1/polls";
import type { PollView } from "../domain/poll.ts";
import type { PollInput } from "../domain/poll-rules.ts";

/** A poll as one viewer sees it → proto; hidden totals stay absent, which the gateway renders as null. */
export function pollToProto(poll: PollView): PollMessage {
  return {
    id: poll.id,
    statusId: poll.statusId,
    expiresAt: poll.expiresAt ?? undefined,
    expired: poll.expired,
    multiple: poll.multiple,
    votesCount: poll.votesCount,
    votersCount: poll.votersCount,
    options: poll.options.map((o) => ({ title: o.title, votesCount: o.votesCount ?? undefined })),
    voted: poll.voted,
    ownVotes: poll.ownVotes,
  };
}

/** The poll part of a create or edit request → use-case input; null when the request has none. */
export function pollFromProto(request: PollRequest | undefined): PollInput | null {
  if (!request) return null;
  return { options: request.options, expiresIn: request.expiresIn ?? null, multiple: request.multiple, hideTotals: request.hideTotals };
}
