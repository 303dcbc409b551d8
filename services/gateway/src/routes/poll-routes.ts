import { z } from "zod";
import type { Route } from "../http/route.ts";
import { idParam } from "../http/params.ts";
import { HttpError } from "../http/grpc-to-http.ts";
import { presentPoll } from "../presenters/poll.ts";

// An option index; forms send choices[]=0, JSON numbers. int32 on the wire, so at most 9 digits.
const choice = z.union([z.number().int().min(0).max(999_999_999), z.string().regex(/^\d{1,9}$/, "must be an option index").transform(Number)]);
const byId = z.object({ id: idParam });
const vote = z.object({ id: idParam, choices: z.union([z.array(choice), choice.transform((c) => [c])]).default([]) });

/** Polls (reference §1.13); `POST /api/v1/polls` has no action in Mastodon and stays unrouted (404). */
export const pollRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/polls/:id",
    auth: "optional",
    scopes: ["read", "read:statuses"],
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => {
      const [poll] = (await ctx.clients.polls.getPolls({ ids: [input.id] }, { viewerToken: ctx.viewerToken })).polls;
      if (!poll) throw new HttpError(404, "Record not found");
      return poll;
    },
    present: (ctx, poll) => presentPoll(ctx, poll),
  },
  {
    method: "post",
    path: "/api/v1/polls/:id/votes",
    auth: "user",
    scopes: ["write", "write:statuses"],
    input: vote,
    call: async (ctx, input: z.infer<typeof vote>) => {
      // Mastodon requires the parameter before anything else: 400, not a validation 422.
      if (input.choices.length === 0) throw new HttpError(400, "param is missing or the value is empty: choices");
      return (await ctx.clients.polls.votePoll({ pollId: input.id, choices: input.choices }, { viewerToken: ctx.viewerToken })).poll!;
    },
    present: (ctx, poll) => presentPoll(ctx, poll),
  },
];
