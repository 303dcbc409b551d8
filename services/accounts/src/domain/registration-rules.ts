/**
 * The rules of self sign-up (reference §1.4, §7.1, §8), as per-field errors with Mastodon's
 * ERR_* codes so the gateway can render the 422 `details` clients show next to each form field.
 */
import { EMAIL, MAX_USERNAME_LENGTH, USERNAME } from "./account-rules.ts";
import { knownLocale } from "./locales.ts";

/** Who may sign up: anyone, anyone pending a moderator's approval, or no one. */
export type RegistrationMode = "open" | "approved" | "none";

/** One failed rule of one field. */
export interface FieldError {
  field: "username" | "email" | "password" | "agreement" | "locale" | "reason";
  error: "ERR_BLANK" | "ERR_INVALID" | "ERR_TAKEN" | "ERR_BLOCKED" | "ERR_UNREACHABLE" | "ERR_RESERVED" | "ERR_TOO_LONG" | "ERR_TOO_SHORT" | "ERR_ACCEPTED" | "ERR_INCLUSION";
  /** Without the field name, as Rails' error messages: "has already been taken". */
  description: string;
}

/** What a client sends to POST /api/v1/accounts. */
export interface RegistrationForm {
  username: string;
  email: string;
  password: string;
  agreement: boolean;
  locale?: string | undefined;
  reason?: string | undefined;
}

/** Bcrypt reads at most 72 bytes; Devise's default length range is 8..72 (Mastodon keeps it). */
export const PASSWORD_LENGTH = { min: 8, max: 72 } as const;
/** Mastodon's limit on the sign-up reason (an invite request's text). */
export const MAX_REASON_LENGTH = 420;
/**
 * Not a Mastodon rule: the longest address SMTP can carry (RFC 5321 path limit). It also keeps an
 * oversize value from reaching the unique e-mail index, which cannot hold very long keys.
 */
export const MAX_EMAIL_LENGTH = 254;
/** Mastodon's default reserved usernames: they look like staff. */
const RESERVED_USERNAMES = new Set(["admin", "administrator", "help", "mod", "moderator", "root", "support", "webmaster"]);

const LABELS: Record<FieldError["field"], string> = { username: "Username", email: "Email", password: "Password", agreement: "Agreement", locale: "Locale", reason: "Reason" };

const blank = (field: FieldError["field"]): FieldError => ({ field, error: "ERR_BLANK", description: "can't be blank" });
const tooLong = (field: FieldError["field"], max: number): FieldError => ({ field, error: "ERR_TOO_LONG", description: `is too long (maximum is ${max} characters)` });

/** The failures of a form that need no database; uniqueness is checked by the caller. */
export function formErrors(form: RegistrationForm, mode: RegistrationMode): FieldError[] {
  return [
    ...usernameErrors(form.username),
    ...emailErrors(form.email),
    ...passwordErrors(form.password),
    ...(form.agreement ? [] : [{ field: "agreement", error: "ERR_ACCEPTED", description: "must be accepted" } as const]),
    ...(form.locale === undefined || form.locale === "" || knownLocale(form.locale) ? [] : [{ field: "locale", error: "ERR_INCLUSION", description: "is not included in the list" } as const]),
    ...reasonErrors(form.reason, mode),
  ];
}

function usernameErrors(username: string): FieldError[] {
  if (username === "") return [blank("username")];
  if (username.length > MAX_USERNAME_LENGTH) return [tooLong("username", MAX_USERNAME_LENGTH)];
  if (!USERNAME.test(username)) return [{ field: "username", error: "ERR_INVALID", description: "must contain only letters, numbers and underscores" }];
  if (RESERVED_USERNAMES.has(username.toLowerCase())) return [{ field: "username", error: "ERR_RESERVED", description: "is reserved" }];
  return [];
}

/** The failures of an e-mail address (also when an unconfirmed user changes it). */
export function emailErrors(email: string): FieldError[] {
  if (email === "") return [blank("email")];
  if (email.length > MAX_EMAIL_LENGTH) return [tooLong("email", MAX_EMAIL_LENGTH)];
  if (!EMAIL.test(email)) return [{ field: "email", error: "ERR_INVALID", description: "is invalid" }];
  return [];
}

function passwordErrors(password: string): FieldError[] {
  if (password === "") return [blank("password")];
  if (password.length < PASSWORD_LENGTH.min) return [{ field: "password", error: "ERR_TOO_SHORT", description: `is too short (minimum is ${PASSWORD_LENGTH.min} characters)` }];
  if (password.length > PASSWORD_LENGTH.max) return [tooLong("password", PASSWORD_LENGTH.max)];
  return [];
}

// Mastodon asks for a reason only when the admin turns on require_invite_text; Starling has no such
// setting yet, and a moderator deciding on a request without a reason has nothing to go on.
function reasonErrors(reason = "", mode: RegistrationMode): FieldError[] {
  if (reason.length > MAX_REASON_LENGTH) return [tooLong("reason", MAX_REASON_LENGTH)];
  if (mode === "approved" && reason.trim() === "") return [blank("reason")];
  return [];
}

/** An address whose domain (or a parent of it) staff blocked, as Mastodon words it. */
export const blockedEmailProvider: FieldError = { field: "email", error: "ERR_BLOCKED", description: "uses a disallowed e-mail provider" };

/** An address whose domain has no mail server nor address (the MX check), as Mastodon words it. */
export const unreachableEmail: FieldError = { field: "email", error: "ERR_UNREACHABLE", description: "does not seem to exist" };

/** A taken username or e-mail address. */
export const taken = (field: "username" | "email"): FieldError => ({ field, error: "ERR_TAKEN", description: "has already been taken" });

/** The 422 message: "Validation failed: Username has already been taken, Email is invalid". */
export function validationMessage(errors: readonly FieldError[]): string {
  return `Validation failed: ${errors.map((e) => `${LABELS[e.field]} ${e.description}`).join(", ")}`;
}

/** Why a user's token is refused, or undefined when the user may act (confirmation comes first). */
export function inactiveUserMessage(confirmed: boolean, approved: boolean): string | undefined {
  if (!confirmed) return "Your login is missing a confirmed e-mail address";
  if (!approved) return "Your login is currently pending approval";
  return undefined;
}

/** How long a confirmation link works, as Mastodon's Devise setting (confirm_within). */
export const CONFIRMATION_VALIDITY_MS = 2 * 24 * 60 * 60 * 1000;

/** A refused sign-up form; the gRPC handler answers it as field errors, not as a failed call. */
export class RegistrationInvalid extends Error {
  readonly errors: FieldError[];

  constructor(errors: readonly FieldError[]) {
    // In form order, whichever check found them, as a form shows them.
    const order = Object.keys(LABELS);
    const sorted = [...errors].sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
    super(validationMessage(sorted));
    this.errors = sorted;
    this.name = "RegistrationInvalid";
  }
}
