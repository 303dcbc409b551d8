import type { StatusPage as StatusPageMessage } from "@starling/proto/statuses/v1/statuses";
import type { Status } from "../domain/status.ts";
import type { Caller, StatusesDeps } from "../use-cases/dependencies.ts";
import { statusPage, type StatusPage } from "../use-cases/status-page.ts";
import { customEmojiToProto } from "./custom-emojis-handlers.ts";
import { pollToProto } from "./poll-to-proto.ts";
import { statusViewToProto } from "./status-view-to-proto.ts";

/** A status page → its proto message. */
export function statusPageToProto(page: StatusPage): StatusPageMessage {
  return {
    statuses: page.views.map(statusViewToProto),
    accounts: page.accounts,
    media: page.media,
    polls: page.polls.map(pollToProto),
    cards: page.cards,
    emojis: page.emojis.map(customEmojiToProto),
  };
}

/**
 * `statuses` (already filtered for the caller) hydrated and encoded: what every status-list RPC
 * answers; `filterContext` is where the list is shown (see GetStatusPageRequest).
 */
export async function statusPageFor(deps: StatusesDeps, caller: Caller, statuses: Status[], filterContext?: string): Promise<StatusPageMessage> {
  return statusPageToProto(await statusPage(deps, caller, statuses, filterContext));
}
