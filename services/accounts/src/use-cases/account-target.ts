import { invalidArgument } from "@starling/runtime";
import { findLocalAccountId } from "../data/suspension-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** The account a staff request acts on: by id, or (the CLI) by local username; the proto's `oneof target`. */
export interface AccountTarget {
  accountId?: string | undefined;
  username?: string | undefined;
}

/** Whether the request names an account at all (DeleteAccount naming none means the viewer's own). */
export const namesAccount = (target: AccountTarget): boolean => target.accountId !== undefined || target.username !== undefined;

/**
 * The id of the named account, undefined when no local account has that username. A oneof decodes
 * both fields when a client sends both, so that is refused here rather than one silently winning.
 */
export async function targetAccountId(deps: AccountsDeps, target: AccountTarget): Promise<string | undefined> {
  if (target.accountId !== undefined && target.username !== undefined) throw invalidArgument("Name the account by account_id or by username, not both");
  if (target.accountId) return target.accountId;
  if (target.username) return findLocalAccountId(deps.db, target.username);
  throw invalidArgument("account_id or username is required");
}
