import { enqueueEvents, outboxEvent } from "@starling/events";
import { isId, parsePage, type PageInput } from "@starling/paging";
import { failedPrecondition, invalidArgument, notFound, unauthenticated } from "@starling/runtime";
import { appealsOf, findAppeal, findStrike, insertAppeal, listAppeals, listStrikesOf, markOverruled, resolveAppealRow } from "../data/strikes-queries.ts";
import { requireStaff } from "../domain/staff.ts";
import { appealDeadline, LIFTED_BY, type Appeal, type Strike } from "../domain/strike.ts";
import { liftAccountEffect } from "./apply-account-effect.ts";
import { recordAudit } from "./audit-log.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

/** A strike with its appeal, as its user and staff see it. */
export interface StrikeView {
  strike: Strike;
  appeal: Appeal | undefined;
  appealDeadline: Date;
}

/** Mastodon's limit on an appeal's text. */
const APPEAL_TEXT_MAX = 2000;

const ownerOf = (caller: Caller): string => {
  const accountId = caller.viewer?.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  return accountId;
};

async function views(deps: ModerationDeps, strikes: Strike[]): Promise<StrikeView[]> {
  const appeals = await appealsOf(deps.db, strikes.map((s) => s.id));
  return strikes.map((strike) => ({ strike, appeal: appeals.get(strike.id), appealDeadline: appealDeadline(strike, deps.appealWindowMs) }));
}

/** The viewer's own strikes, newest first. */
export async function listOwnStrikes(deps: ModerationDeps, caller: Caller, page: PageInput | undefined): Promise<StrikeView[]> {
  return views(deps, await listStrikesOf(deps.db, ownerOf(caller), parsePage(page, { default: 20, max: 40 })));
}

/** One of the viewer's strikes (staff who manage appeals may read anyone's). */
export async function getStrike(deps: ModerationDeps, caller: Caller, id: string): Promise<StrikeView> {
  const viewerId = ownerOf(caller);
  const strike = isId(id) ? await findStrike(deps.db, id) : undefined;
  if (!strike) throw notFound();
  if (strike.targetAccountId !== viewerId) requireStaff(caller, "manage_appeals");
  return (await views(deps, [strike]))[0]!;
}

/** Appeals one of the viewer's strikes: within the window, once. */
export async function appealStrike(deps: ModerationDeps, caller: Caller, strikeId: string, text: string): Promise<Appeal> {
  const viewerId = ownerOf(caller);
  const strike = isId(strikeId) ? await findStrike(deps.db, strikeId) : undefined;
  if (!strike || strike.targetAccountId !== viewerId) throw notFound();
  if (!text.trim()) throw invalidArgument("Validation failed: Text can't be blank");
  if ([...text].length > APPEAL_TEXT_MAX) throw invalidArgument(`Validation failed: Text is too long (maximum is ${APPEAL_TEXT_MAX} characters)`);
  const now = deps.now();
  if (now > appealDeadline(strike, deps.appealWindowMs)) throw failedPrecondition("Validation failed: the time to appeal this decision has passed");
  const appeal: Appeal = { id: deps.newId(), strikeId: strike.id, accountId: viewerId, text: text.trim(), state: "pending", createdAt: now, resolvedAt: null, resolvedByAccountId: null };
  const stored = await deps.db.transaction(async (trx) => {
    if (!(await insertAppeal(deps.db, trx, appeal))) return false;
    // Staff who manage appeals are e-mailed (by accounts, which knows who they are).
    await enqueueEvents(deps.db, trx, [outboxEvent("moderation", "appeal.created", appeal.id, { appealId: appeal.id, strikeId: strike.id, accountId: viewerId, text: appeal.text })]);
    return true;
  });
  if (!stored) throw failedPrecondition("Validation failed: this decision has already been appealed");
  deps.nudgeRelay();
  return appeal;
}

/** Appeals for staff who manage them, pending ones unless `state` says otherwise ("all" for every one). */
export async function listAppealsForStaff(deps: ModerationDeps, caller: Caller, state: string | undefined, page: PageInput | undefined): Promise<Appeal[]> {
  requireStaff(caller, "manage_appeals");
  const chosen = state ?? "pending";
  if (!["pending", "approved", "rejected", "all"].includes(chosen)) throw invalidArgument(`Unknown state: ${chosen}`);
  return listAppeals(deps.db, chosen === "all" ? undefined : (chosen as Appeal["state"]), parsePage(page, { default: 40, max: 80 }));
}

/**
 * Approves (the strike's action is lifted through accounts and the strike marked overruled) or
 * rejects a pending appeal; the user is told either way (appeal.resolved).
 */
export async function resolveAppeal(deps: ModerationDeps, caller: Caller, id: string, approve: boolean): Promise<Appeal> {
  const staffId = requireStaff(caller, "manage_appeals");
  const pending = await deps.db.transaction(async (trx) => (isId(id) ? await findAppeal(deps.db, id, trx) : undefined));
  if (!pending) throw notFound();
  if (pending.state !== "pending") throw failedPrecondition(`Validation failed: the appeal was already ${pending.state}`);
  const strike = (await findStrike(deps.db, pending.strikeId))!;
  const lift = LIFTED_BY[strike.action];
  if (approve && lift) await liftAccountEffect(deps, caller, strike.targetAccountId, lift);
  const resolved = await deps.db.transaction(async (trx) => {
    const current = (await findAppeal(deps.db, id, trx))!;
    if (current.state !== "pending") throw failedPrecondition(`Validation failed: the appeal was already ${current.state}`);
    const now = deps.now();
    const appeal: Appeal = { ...current, state: approve ? "approved" : "rejected", resolvedAt: now, resolvedByAccountId: staffId };
    await resolveAppealRow(deps.db, trx, appeal);
    if (approve) await markOverruled(deps.db, trx, strike.id, now);
    await recordAudit(deps, trx, { accountId: staffId, action: approve ? "appeal.approve" : "appeal.reject", targetType: "Appeal", targetId: appeal.id });
    await enqueueEvents(deps.db, trx, [outboxEvent("moderation", "appeal.resolved", appeal.id, { appealId: appeal.id, strikeId: strike.id, accountId: appeal.accountId, approved: approve })]);
    return appeal;
  });
  deps.nudgeRelay();
  return resolved;
}
