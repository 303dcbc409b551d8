import { z } from "zod";
import type { PollRequest } from "@starling/proto/statuses/v1/polls";
import { boolParam, textParam } from "../http/params.ts";

// Whole seconds as JSON numbers or form strings; anything else is a 422 here rather than a guess.
const seconds = z.union([z.number().int(), z.string().regex(/^\s*-?\d{1,15}\s*$/, "must be a number of seconds").transform(Number)]);

/**
 * The `poll` parameter of creating or editing a status: `poll[options][]`, `poll[expires_in]`,
 * `poll[multiple]`, `poll[hide_totals]` from forms, or the same object in JSON. The statuses
 * service applies Mastodon's rules (2–4 options, 5 minutes to a month).
 */
export const pollParam = z
  .object({
    options: z.union([z.array(textParam), textParam.transform((o) => [o])]).default([]),
    expires_in: seconds.optional(),
    multiple: boolParam.default(false),
    hide_totals: boolParam.default(false),
  })
  .nullish();

/** The validated `poll` parameter → the statuses service's PollRequest (undefined when absent). */
export function pollRequestOf(poll: z.infer<typeof pollParam>): PollRequest | undefined {
  if (!poll) return undefined;
  return { options: poll.options, expiresIn: poll.expires_in, multiple: poll.multiple, hideTotals: poll.hide_totals };
}
