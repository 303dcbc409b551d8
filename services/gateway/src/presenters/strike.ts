import type { Appeal, Strike } from "@starling/proto/moderation/v1/account_actions";
import { isoOrNull } from "./values.ts";

/** An appeal (beyond Mastodon 4.0, whose appeals are web only). */
export const presentAppeal = (appeal: Appeal) => ({
  id: appeal.id,
  strike_id: appeal.strikeId,
  account_id: appeal.accountId,
  text: appeal.text,
  state: appeal.state,
  created_at: appeal.createdAt!.toISOString(),
  resolved_at: isoOrNull(appeal.resolvedAt),
});

/** A strike (Mastodon's account warning, beyond 4.0's API): the decision, its appeal and until when it may be appealed. */
export const presentStrike = (strike: Strike) => ({
  id: strike.id,
  action: strike.action,
  text: strike.text,
  target_account_id: strike.targetAccountId,
  report_id: strike.reportId ?? null,
  status_ids: strike.statusIds,
  created_at: strike.createdAt!.toISOString(),
  overruled: strike.overruledAt !== undefined,
  overruled_at: isoOrNull(strike.overruledAt),
  appeal_deadline: strike.appealDeadline!.toISOString(),
  appeal: strike.appeal ? presentAppeal(strike.appeal) : null,
});
