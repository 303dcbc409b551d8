import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { alreadyExists, invalidArgument, permissionDenied, viewerHas, type Viewer } from "@starling/runtime";
import type { Account } from "../domain/account.ts";
import { emailProblem, usernameProblem } from "../domain/account-rules.ts";
import { generatePassword, hashPassword } from "../domain/password-hash.ts";
import { knownLocale } from "../domain/locales.ts";
import { EVERYONE_ROLE_ID } from "../domain/roles.ts";
import { insertAccount, localUsernameTaken } from "../data/accounts-queries.ts";
import { isUniqueViolation } from "../data/unique-violation.ts";
import { findUserByEmail, insertUser } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { requireMayAssign, roleNamed } from "./role-assignment.ts";

/** What the CLI (or, later, sign-up) sends. */
export interface CreateAccountInput {
  username: string;
  email: string;
  /** Generated when absent. */
  password?: string | undefined;
  confirmed: boolean;
  /** A role's id or name; absent for the everyone role. */
  role?: string | undefined;
  /** Interface language; absent when not chosen (sign-up sends one). */
  locale?: string | undefined;
}

/**
 * A user to insert: the input with its role resolved (null: the everyone role), and the app it
 * signed up through, if any (Mastodon's created_by_application, which the registration keeps).
 */
export type NewUser = Omit<CreateAccountInput, "role"> & { roleId: string | null; createdByApp?: { id: string; name: string } };

/** Minimum length of a chosen password, as Mastodon's Devise configuration. */
const MIN_PASSWORD_LENGTH = 8;

/**
 * Creates a local account with its user, and announces it, in one transaction: staff who manage
 * user access (e-mails, passwords) may, giving it a role only as they may assign one.
 */
export async function createAccount(deps: AccountsDeps, viewer: Viewer | undefined, input: CreateAccountInput): Promise<{ account: Account; password: string }> {
  if (!viewerHas(viewer, "manage_user_access")) throw permissionDenied();
  validate(input);
  const role = await roleNamed(deps, input.role);
  requireMayAssign(viewer, role);
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const account = newLocalAccount(deps, input.username, deps.now());
  try {
    await deps.db.transaction(async (trx) => {
      await insertLocalAccount(deps, trx, account, { ...input, email: input.email.trim(), roleId: role.id === EVERYONE_ROLE_ID ? null : role.id }, passwordHash);
    });
  } catch (error) {
    // Two creations racing past the checks: the unique indexes decide.
    throw isUniqueViolation(error) ? alreadyExists("Validation failed: Username or Email has already been taken") : error;
  }
  deps.nudge();
  return { account, password };
}

/** Inserts a local account, its user and account.created; returns the user id. Shared with sign-up. */
export async function insertLocalAccount(deps: AccountsDeps, trx: Transaction, account: Account, input: NewUser, passwordHash: string): Promise<string> {
  if (await localUsernameTaken(deps.db, input.username, trx)) throw alreadyExists("Validation failed: Username has already been taken");
  if (await findUserByEmail(deps.db, input.email, trx)) throw alreadyExists("Validation failed: Email has already been taken");
  await insertAccount(deps.db, trx, account);
  const userId = deps.newId();
  await insertUser(deps.db, trx, {
    id: userId,
    accountId: account.id,
    email: input.email,
    passwordHash,
    confirmedAt: input.confirmed ? account.createdAt : null,
    roleId: input.roleId,
    locale: (input.locale && knownLocale(input.locale)) || "",
    createdAt: account.createdAt,
    currentSignInAt: null,
  });
  const app = input.createdByApp;
  const event = { accountId: account.id, username: account.username, createdByApplicationId: app?.id, createdByApplicationName: app?.name };
  await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.created", account.id, event)]);
  return userId;
}

function validate(input: CreateAccountInput): void {
  if (input.locale && !knownLocale(input.locale)) throw invalidArgument("Validation failed: Locale is not included in the list");
  const problem = usernameProblem(input.username) ?? emailProblem(input.email.trim());
  if (problem) throw invalidArgument(problem);
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw invalidArgument(`Validation failed: Password is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`);
  }
}

/** A new local account with empty profile and counters. */
export function newLocalAccount(deps: AccountsDeps, username: string, now: Date): Account {
  return {
    id: deps.newId(),
    username,
    domain: null,
    displayName: "",
    note: "",
    uri: deps.urls.actorUri(username),
    url: deps.urls.profileUrl(username),
    locked: false,
    bot: false,
    discoverable: null,
    indexable: false,
    actorType: "Person",
    createdAt: now,
    followersCount: 0,
    followingCount: 0,
    statusesCount: 0,
    lastStatusAt: null,
    suspendedAt: null,
    silencedAt: null,
    sensitizedAt: null,
  };
}
