import type { AsyncHandlers } from "@starling/runtime";
import type { PollsServiceServer } from "@starling/proto/statuses/v1/polls";
import type { StatusesDeps } from "../use-cases/dependencies.ts";
import { getPolls } from "../use-cases/get-poll.ts";
import { voteInPoll } from "../use-cases/vote-in-poll.ts";
import { callerOf } from "./caller-of.ts";
import { pollToProto } from "./poll-to-proto.ts";

/** PollsService: decode → use case → encode. */
export function pollsHandlers(deps: StatusesDeps): AsyncHandlers<PollsServiceServer> {
  return {
    async getPolls(request, ctx) {
      return { polls: (await getPolls(deps, callerOf(ctx), request.ids)).map(pollToProto) };
    },
    async votePoll(request, ctx) {
      return { poll: pollToProto(await voteInPoll(deps, callerOf(ctx), request.pollId, request.choices)) };
    },
  };
}
