/** The HTML of the two-factor settings and sign-in history pages. Every value is escaped by `html`. */
import type { SignInRecord } from "@starling/proto/accounts/v1/security";
import { hiddenFields, html, page } from "./html.ts";

/** The set-up step: the secret to enter in an app, and the form for its first code. */
export interface TwoFactorSetUpView {
  csrf: string;
  secret: string;
  provisioningUri: string;
  error?: string | undefined;
}

/** Step one of turning 2FA on: the secret, as text and as an otpauth:// link, and the code form. */
export function twoFactorSetUpPage(view: TwoFactorSetUpView): string {
  const error = view.error ? html`<p class="error" role="alert">${view.error}</p>` : "";
  return page(
    "Two-factor authentication",
    html`<h1>Set up two-factor authentication</h1>${error}
<p>Add this account to an authenticator app (TOTP): open <a id="provisioning-uri" href="${view.provisioningUri}">this link</a> on your phone, or type in the key below. Then enter the six-digit code the app shows.</p>
<p class="code" id="two-factor-secret">${view.secret}</p>
<form method="post" action="/settings/two_factor_authentication">${hiddenFields({ authenticity_token: view.csrf, secret: view.secret, provisioning_uri: view.provisioningUri })}
<label for="code">Code from the app</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required autofocus>
<button type="submit">Enable</button></form>`,
  );
}

/** The recovery codes, shown once right after 2FA is turned on. */
export function recoveryCodesPage(codes: string[]): string {
  return page(
    "Recovery codes",
    html`<h1>Two-factor authentication is on</h1>
<p>Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They will not be shown again.</p>
<ul id="recovery-codes" class="code">${codes.map((c) => html`<li>${c}</li>`)}</ul>
<p><a href="/settings/two_factor_authentication">Done</a></p>`,
  );
}

/** The page while 2FA is on: how many recovery codes remain, and the form to turn it off. */
export function twoFactorEnabledPage(view: { csrf: string; recoveryCodesLeft: number; error?: string | undefined }): string {
  const error = view.error ? html`<p class="error" role="alert">${view.error}</p>` : "";
  return page(
    "Two-factor authentication",
    html`<h1>Two-factor authentication is on</h1>${error}
<p id="recovery-codes-left">Recovery codes left: ${view.recoveryCodesLeft}</p>
<form method="post" action="/settings/two_factor_authentication/disable">${hiddenFields({ authenticity_token: view.csrf })}
<label for="otp_attempt">Two-factor code or recovery code</label>
<input id="otp_attempt" name="otp_attempt" type="text" autocomplete="one-time-code">
<label for="password">or your password</label>
<input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit" class="secondary">Disable</button></form>
<p><a href="/settings/login_activities">Sign-in history</a></p>`,
  );
}

/** The signed-in user's sign-in history, newest first. */
export function signInHistoryPage(signIns: SignInRecord[]): string {
  const rows = signIns.map(
    (s) => html`<tr class="${s.success ? "success" : "failure"}"><td><time datetime="${s.createdAt?.toISOString() ?? ""}">${s.createdAt?.toUTCString() ?? ""}</time></td><td class="ip">${s.ip}</td><td>${s.userAgent}</td><td>${s.authenticationMethod}</td><td>${s.success ? "signed in" : `refused (${s.failureReason})`}</td></tr>`,
  );
  return page(
    "Sign-in history",
    html`<h1>Sign-in history</h1>
<table id="sign-ins"><thead><tr><th>When</th><th>IP address</th><th>Browser</th><th>Method</th><th>Result</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}
