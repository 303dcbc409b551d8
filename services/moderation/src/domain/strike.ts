import { invalidArgument } from "@starling/runtime";

/** A moderator's decision about an account (Mastodon's account warning). */
export interface Strike {
  id: string;
  targetAccountId: string;
  /** The staff member who decided. */
  accountId: string;
  action: AccountAction;
  text: string;
  reportId: string | null;
  statusIds: string[];
  createdAt: Date;
  overruledAt: Date | null;
}

/** A user's appeal of a strike. */
export interface Appeal {
  id: string;
  strikeId: string;
  accountId: string;
  text: string;
  state: "pending" | "approved" | "rejected";
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedByAccountId: string | null;
}

/** The actions of POST /api/v1/admin/accounts/:id/action; `none` is a warning. */
export const ACCOUNT_ACTIONS = ["none", "sensitive", "disable", "silence", "suspend"] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

/** The action asked for, refused when unknown. */
export function checkedAction(type: string): AccountAction {
  if (!(ACCOUNT_ACTIONS as readonly string[]).includes(type)) throw invalidArgument(`Validation failed: Type '${type}' is not a valid action`);
  return type as AccountAction;
}

/** What lifts each action (an approved appeal, or staff by hand); a warning has nothing to lift. */
export const LIFTED_BY = { none: undefined, sensitive: "unsensitive", disable: "enable", silence: "unsilence", suspend: "unsuspend" } as const;
export type LiftAction = NonNullable<(typeof LIFTED_BY)[AccountAction]>;
export const LIFT_ACTIONS: readonly LiftAction[] = ["unsensitive", "enable", "unsilence", "unsuspend"];

/** The last moment a strike may be appealed. */
export const appealDeadline = (strike: Strike, windowMs: number): Date => new Date(strike.createdAt.getTime() + windowMs);
