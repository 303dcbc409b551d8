import { z } from "zod";
import type { Route } from "../http/route.ts";
import { boolParam, choiceParam, idListParam, idParam } from "../http/params.ts";
import { HttpError } from "../http/grpc-to-http.ts";
import { presentStatus, presentStatusPage } from "../presenters/status.ts";
import { presentContext } from "../presenters/status-context.ts";
import { pollParam, pollRequestOf } from "./poll-params.ts";
import { optionalScheduledAtParam, postOrSchedule, presentPostedOrScheduled } from "./scheduled-status-routes.ts";

const byId = z.object({ id: idParam });
const createStatus = z.object({
  status: z.string().default(""),
  visibility: choiceParam,
  spoiler_text: z.string().default(""),
  in_reply_to_id: idParam.optional(),
  language: choiceParam,
  sensitive: boolParam.default(false),
  // JSON sends an array; forms send media_ids[]=… (an array) or, from some clients, one value. The
  // statuses service refuses more than 4 with Mastodon's message.
  media_ids: idListParam.default([]),
  poll: pollParam,
  scheduled_at: optionalScheduledAtParam,
});

const first = <T>(list: T[]): T => {
  const [item] = list;
  if (!item) throw new HttpError(404, "Record not found");
  return item;
};

/** Status routes (reference §1.5). */
export const statusRoutes: Route[] = [
  {
    method: "post",
    path: "/api/v1/statuses",
    auth: "user",
    scopes: ["write", "write:statuses"],
    input: createStatus,
    call: async (ctx, input: z.infer<typeof createStatus>) => {
      const key = ctx.headers["idempotency-key"];
      const { status, scheduledStatus } = await postOrSchedule(ctx, input.scheduled_at)(
        {
          status: input.status,
          visibility: input.visibility,
          spoilerText: input.spoiler_text,
          inReplyToId: input.in_reply_to_id,
          language: input.language,
          sensitive: input.sensitive,
          idempotencyKey: typeof key === "string" ? key : undefined,
          // The app of the viewer's token, as Mastodon records it on the status.
          application: ctx.viewer?.appName ? { name: ctx.viewer.appName, website: ctx.viewer.appWebsite } : undefined,
          mediaIds: input.media_ids,
          poll: pollRequestOf(input.poll),
        },
        { viewerToken: ctx.viewerToken },
      );
      return scheduledStatus ?? status!;
    },
    present: presentPostedOrScheduled,
  },
  {
    method: "get",
    path: "/api/v1/statuses/:id",
    auth: "optional",
    scopes: ["read", "read:statuses"],
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => ctx.clients.statuses.getStatusPage({ ids: [input.id] }, { viewerToken: ctx.viewerToken }),
    present: (ctx, page) => first(presentStatusPage(ctx, page)),
  },
  {
    method: "get",
    path: "/api/v1/statuses/:id/context",
    auth: "optional",
    scopes: ["read", "read:statuses"],
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => ctx.clients.statuses.getStatusContext({ id: input.id }, { viewerToken: ctx.viewerToken }),
    present: (ctx, thread) => presentContext(ctx, thread),
  },
  {
    method: "delete",
    path: "/api/v1/statuses/:id",
    auth: "user",
    scopes: ["write", "write:statuses"],
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => (await ctx.clients.statuses.deleteStatus({ id: input.id }, { viewerToken: ctx.viewerToken })).page,
    // Delete-and-redraft: the deleted status comes back with its source text instead of HTML.
    present: (ctx, page) => first(presentStatusPage(ctx, page, { source: true })),
  },
];
