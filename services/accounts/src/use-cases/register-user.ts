import { permissionDenied, ServiceError, unauthenticated, type Viewer } from "@starling/runtime";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { canonicalEmailHash } from "@starling/runtime";
import { blockedEmailProvider, formErrors, RegistrationInvalid, taken, unreachableEmail, type FieldError, type RegistrationForm } from "../domain/registration-rules.ts";
import { knownLocale } from "../domain/locales.ts";
import { hashPassword } from "../domain/password-hash.ts";
import { hashToken, randomSecret } from "../domain/secrets.ts";
import { localUsernameTaken } from "../data/accounts-queries.ts";
import { insertToken } from "../data/oauth-queries.ts";
import { findSignUpApp, insertRegistration } from "../data/registrations-queries.ts";
import { canonicalEmailBlocked, emailDomainBlocked, mailHostsBlocked } from "../data/sign-up-blocks-queries.ts";
import { isUniqueViolation } from "../data/unique-violation.ts";
import { findUserByEmail } from "../data/users-queries.ts";
import { sendConfirmationMail } from "../mail/confirmation-mail.ts";
import { insertLocalAccount, newLocalAccount } from "./create-account.ts";
import type { AccountsDeps } from "./deps.ts";
import type { IssuedToken } from "./issue-token.ts";
import { signUpRules, type RegistrationSettings } from "./registration-settings.ts";

/** The sign-up form and the address it came from. */
export interface RegisterInput extends RegistrationForm {
  ip?: string | undefined;
  /** The address is in an IP block that makes sign-ups wait for approval, whatever the mode. */
  approvalRequired?: boolean;
}

/**
 * Self sign-up (POST /api/v1/accounts): validates the whole form, then writes the account, its
 * user, the registration and the new user's token in one transaction, and mails the confirmation
 * link. The token works only once the address is confirmed (and, in approval mode, approved).
 */
export async function registerUser(deps: AccountsDeps, settings: RegistrationSettings, viewer: Viewer | undefined, input: RegisterInput): Promise<IssuedToken> {
  if (!viewer?.appId) throw unauthenticated();
  const { mode, emailMxCheck } = await signUpRules(deps, settings);
  if (mode === "none") throw permissionDenied("Forbidden");
  const form = { ...input, email: input.email.trim() };
  const errors = formErrors(form, mode);
  errors.push(...(await takenErrors(deps, form, errors)));
  errors.push(...(await blockedErrors(deps, form.email, errors)));
  if (emailMxCheck && errors.length === 0) errors.push(...(await mailServerErrors(deps, settings, form.email)));
  if (errors.length > 0) throw new RegistrationInvalid(errors);
  const app = await findSignUpApp(deps.db, viewer.appId);
  if (!app) throw unauthenticated();
  const scopes = app.scopes;
  const passwordHash = await hashPassword(form.password);
  const createdAt = deps.now();
  const account = newLocalAccount(deps, form.username, createdAt);
  const accessToken = randomSecret();
  const confirmationToken = randomSecret();
  try {
    await deps.db.transaction(async (trx) => {
      const user = { username: form.username, email: form.email, confirmed: false, roleId: null, locale: (form.locale && knownLocale(form.locale)) || "", createdByApp: app };
      const userId = await insertLocalAccount(deps, trx, account, user, passwordHash);
      await insertRegistration(deps.db, trx, {
        userId,
        appId: viewer.appId!,
        confirmationTokenHash: hashToken(confirmationToken),
        confirmationSentAt: createdAt,
        approved: mode === "open" && !input.approvalRequired,
        reason: (form.reason ?? "").trim(),
        agreedAt: createdAt,
        signUpIp: input.ip || null,
        createdAt,
      });
      const token = { id: deps.newId(), appId: viewer.appId!, userId, accountId: account.id, tokenHash: hashToken(accessToken), scopes, createdAt, revokedAt: null };
      await insertToken(deps.db, trx, token);
    });
  } catch (error) {
    // Another sign-up took the name or address between the checks and the insert.
    if (!isUniqueViolation(error) && !(error instanceof ServiceError && error.code === GrpcStatus.ALREADY_EXISTS)) throw error;
    const lost = await takenErrors(deps, form, []);
    throw new RegistrationInvalid(lost.length > 0 ? lost : [taken("username")]);
  }
  deps.nudge();
  await sendConfirmationMail(deps.mailer, settings.logger, { to: form.email, username: form.username, baseUrl: settings.baseUrl, token: confirmationToken });
  return { accessToken, scopes, createdAt };
}

/** ERR_TAKEN for the username and e-mail, each checked only when its format passed. */
async function takenErrors(deps: AccountsDeps, form: RegistrationForm, known: readonly FieldError[]): Promise<FieldError[]> {
  const failed = new Set(known.map((e) => e.field));
  const found: FieldError[] = [];
  if (!failed.has("username") && (await localUsernameTaken(deps.db, form.username))) found.push(taken("username"));
  if (!failed.has("email") && (await findUserByEmail(deps.db, form.email))) found.push(taken("email"));
  return found;
}

/**
 * Staff's e-mail blocks: a blocked provider (the domain or a parent of it) is named, as Mastodon
 * does; a blocked canonical address reads as taken, as Mastodon answers it, so the block is not
 * revealed to whoever tries the address.
 */
async function blockedErrors(deps: AccountsDeps, email: string, known: readonly FieldError[]): Promise<FieldError[]> {
  if (known.some((e) => e.field === "email")) return [];
  if (await emailDomainBlocked(deps.db, email.toLowerCase())) return [blockedEmailProvider];
  if (await canonicalEmailBlocked(deps.db, canonicalEmailHash(email))) return [taken("email")];
  return [];
}

/**
 * Staff's MX check (Mastodon's EmailMxValidator): the domain's mail servers, and the addresses of
 * those servers and of the domain, are checked against the e-mail domain blocks too, so a provider
 * cannot slip past a block under another name; a domain with no address at all cannot receive the
 * confirmation mail and is refused. Asked last, once the form is otherwise valid.
 */
async function mailServerErrors(deps: AccountsDeps, settings: RegistrationSettings, email: string): Promise<FieldError[]> {
  const { hosts, addresses } = await settings.mailHosts(email.slice(email.lastIndexOf("@") + 1));
  if (addresses.length === 0) return [unreachableEmail];
  return (await mailHostsBlocked(deps.db, hosts, addresses)) ? [blockedEmailProvider] : [];
}
