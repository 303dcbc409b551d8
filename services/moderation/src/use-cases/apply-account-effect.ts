import { passRefusals } from "@starling/runtime";
import type { AccountAction, LiftAction } from "../domain/strike.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

// The restriction each action sets in accounts (suspension has its own RPC there).
const RESTRICTION = { sensitive: "sensitive", disable: "disable", silence: "silence" } as const;
const LIFTED = { unsensitive: "sensitive", enable: "disable", unsilence: "silence" } as const;

/**
 * Has accounts apply an action as the staff member (accounts checks that their role outranks the
 * target's). Accounts owns the state and announces it (account.suspended, account.restricted), so
 * every service enforces it from there. Applying an action already in force changes nothing.
 */
export async function applyAccountEffect(deps: ModerationDeps, caller: Caller, accountId: string, action: AccountAction): Promise<void> {
  const options = { viewerToken: caller.viewerToken };
  if (action === "none") return;
  if (action === "suspend") await passRefusals(deps.clients.security.suspendAccount({ accountId }, options));
  else await passRefusals(deps.clients.adminAccounts.restrictAccount({ accountId, restriction: RESTRICTION[action], lift: false }, options));
}

/** Has accounts lift an action as the staff member. */
export async function liftAccountEffect(deps: ModerationDeps, caller: Caller, accountId: string, lift: LiftAction): Promise<void> {
  const options = { viewerToken: caller.viewerToken };
  if (lift === "unsuspend") await passRefusals(deps.clients.security.unsuspendAccount({ accountId }, options));
  else await passRefusals(deps.clients.adminAccounts.restrictAccount({ accountId, restriction: LIFTED[lift], lift: true }, options));
}
