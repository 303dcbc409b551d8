import { enqueueEvents, outboxEvent } from "@starling/events";
import { isId } from "@starling/paging";
import { invalidArgument, notFound } from "@starling/runtime";
import { findReport } from "../data/reports-queries.ts";
import { insertStrike } from "../data/strikes-queries.ts";
import { requireStaff } from "../domain/staff.ts";
import { checkedAction, LIFT_ACTIONS, type LiftAction, type Strike } from "../domain/strike.ts";
import { presetActionText } from "../domain/warning-preset.ts";
import { applyAccountEffect, liftAccountEffect } from "./apply-account-effect.ts";
import { recordAudit } from "./audit-log.ts";
import type { Caller, ModerationDeps } from "./deps.ts";
import { resolveReport } from "./manage-reports.ts";
import { existingPreset } from "./manage-warning-presets.ts";

/** POST /api/v1/admin/accounts/:id/action. */
export interface AccountActionInput {
  accountId: string;
  type: string;
  reportId?: string | undefined;
  /** A preset whose text goes before `text`. */
  warningPresetId?: string | undefined;
  text: string;
  sendEmailNotification?: boolean | undefined;
}

/**
 * Takes a moderator's decision on an account: accounts applies its effect, a linked report is
 * resolved, and a local account gets a strike (the user sees it, may appeal it, and is e-mailed when
 * asked: strike.created). Returns the strike; none for a remote account, which has no user to tell.
 */
export async function takeAccountAction(deps: ModerationDeps, caller: Caller, input: AccountActionInput): Promise<Strike | undefined> {
  const staffId = requireStaff(caller, "manage_users", "manage_reports");
  const action = checkedAction(input.type);
  const target = isId(input.accountId) ? (await deps.clients.accounts.getAccounts({ ids: [input.accountId] })).accounts[0] : undefined;
  if (!target) throw notFound();
  const report = input.reportId === undefined ? undefined : isId(input.reportId) ? await findReport(deps.db, input.reportId) : undefined;
  if (input.reportId !== undefined && !report) throw notFound();
  if (report && report.targetAccountId !== target.id) throw invalidArgument("Validation failed: the report is about another account");
  const text = input.warningPresetId === undefined ? input.text : presetActionText(await existingPreset(deps, input.warningPresetId), input.text);
  await applyAccountEffect(deps, caller, target.id, action);
  const now = deps.now();
  const strike: Strike | undefined =
    target.domain === undefined
      ? { id: deps.newId(), targetAccountId: target.id, accountId: staffId, action, text, reportId: report?.id ?? null, statusIds: report?.statusIds ?? [], createdAt: now, overruledAt: null }
      : undefined;
  await deps.db.transaction(async (trx) => {
    if (report) await resolveReport(deps, caller, report.id, trx);
    await recordAudit(deps, trx, { accountId: staffId, action: `account.${action === "none" ? "warn" : action}`, targetType: "Account", targetId: target.id, summary: text || undefined });
    if (!strike) return;
    await insertStrike(deps.db, trx, strike);
    const sendEmail = input.sendEmailNotification ?? true;
    await enqueueEvents(deps.db, trx, [outboxEvent("moderation", "strike.created", strike.id, { strikeId: strike.id, targetAccountId: target.id, action, text, sendEmail, createdAt: now })]);
  });
  deps.nudgeRelay();
  return strike;
}

/** /enable, /unsensitive, /unsilence, /unsuspend: staff lift a restriction by hand. */
export async function liftAccountAction(deps: ModerationDeps, caller: Caller, accountId: string, type: string): Promise<void> {
  const staffId = requireStaff(caller, "manage_users");
  if (!(LIFT_ACTIONS as readonly string[]).includes(type)) throw invalidArgument(`Validation failed: Type '${type}' is not a valid action`);
  if (!isId(accountId)) throw notFound();
  await liftAccountEffect(deps, caller, accountId, type as LiftAction);
  await deps.db.transaction((trx) => recordAudit(deps, trx, { accountId: staffId, action: `account.${type}`, targetType: "Account", targetId: accountId }));
}
