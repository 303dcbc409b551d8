/** The HTML of the sign-in and authorization pages. Every value from a request is escaped by `html`. */
import { hiddenFields, html, page, type SafeHtml } from "./html.ts";

const BROAD: Record<string, string> = {
  read: "Read all of your account's data",
  write: "Change all of your account's data",
  follow: "Change who you follow, block and mute",
  push: "Receive your push notifications",
  crypto: "Use end-to-end encryption",
  "admin:read": "Read the data of every account on the server",
  "admin:write": "Moderate accounts and reports on the server",
};

/** A line a user can understand for each scope: broad ones described, narrow ones by their subject. */
export function describeScope(scope: string): string {
  if (BROAD[scope]) return BROAD[scope];
  const [family, ...rest] = scope.split(":");
  const subject = rest.at(-1)?.replace(/_/g, " ") ?? scope;
  if (scope.startsWith("admin:read:")) return `Read the ${subject} of every account on the server`;
  if (scope.startsWith("admin:write:")) return `Moderate ${subject} on the server`;
  return family === "read" ? `Read your ${subject}` : `Change your ${subject}`;
}

/** Fields of a sign-in form: where to go afterwards and, on the second step, the first step's answers. */
export interface SignInView {
  csrf: string;
  returnTo?: string | undefined;
  email?: string | undefined;
  error?: string | undefined;
  /** Second step: the password was right and a two-factor code is needed. */
  otpStep?: { password: string } | undefined;
  /** Shown above the form when it stands in front of an authorization. */
  appName?: string | undefined;
}

/** The sign-in form (e-mail and password, or the two-factor code step). */
export function signInPage(view: SignInView): string {
  const error = view.error ? html`<p class="error" role="alert">${view.error}</p>` : "";
  const context = view.appName ? html`<p>Sign in to authorize <strong>${view.appName}</strong>.</p>` : "";
  const fields: SafeHtml = view.otpStep
    ? html`${hiddenFields({ email: view.email, password: view.otpStep.password })}
<label for="otp_attempt">Two-factor code from your authenticator app, or a recovery code</label>
<input id="otp_attempt" name="otp_attempt" type="text" inputmode="numeric" autocomplete="one-time-code" autofocus required>`
    : html`<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" value="${view.email ?? ""}" required autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>`;
  return page(
    "Sign in",
    html`<h1>Sign in</h1>${context}${error}
<form method="post" action="/auth/sign_in">${hiddenFields({ authenticity_token: view.csrf, return_to: view.returnTo })}
${fields}
<button type="submit">${view.otpStep ? "Verify" : "Sign in"}</button></form>`,
  );
}

/** What the consent page shows and posts back. */
export interface ConsentView {
  csrf: string;
  appName: string;
  appWebsite: string | undefined;
  scopes: string[];
  /** The authorization parameters, posted back by both buttons. */
  params: Record<string, string>;
  /** Where "not you?" goes after signing out: this same request. */
  returnTo: string;
}

/** The consent page: the app, what it may do, approve or deny. */
export function consentPage(view: ConsentView): string {
  const carried = hiddenFields({ authenticity_token: view.csrf, ...view.params });
  const website = view.appWebsite ? html` (<span>${view.appWebsite}</span>)` : "";
  return page(
    "Authorization required",
    html`<h1>Authorization required</h1>
<p><strong id="app-name">${view.appName}</strong>${website} would like permission to access your account. It is a third-party application; if you do not trust it, do not authorize it.</p>
<p>It asks to:</p><ul class="scopes">${view.scopes.map((s) => html`<li data-scope="${s}">${describeScope(s)} <small>(${s})</small></li>`)}</ul>
<form class="inline" method="post" action="/oauth/authorize">${carried}<button type="submit" id="authorize">Authorize</button></form>
<form class="inline" method="post" action="/oauth/authorize">${carried}<input type="hidden" name="_method" value="delete"><button type="submit" class="secondary" id="deny">Deny</button></form>
<form method="post" action="/auth/sign_out">${hiddenFields({ authenticity_token: view.csrf, return_to: view.returnTo })}<p>Not you? <button type="submit" class="secondary" id="sign-out">Sign out</button></p></form>`,
  );
}

/** The out-of-band page: the code to copy into the app. */
export function codePage(code: string): string {
  return page(
    "Authorization code",
    html`<h1>Authorization code</h1><p>Copy this code and paste it into the application.</p><p class="code" id="authorization-code">${code}</p>`,
  );
}

/** An error shown instead of redirecting (unknown client, unregistered redirect URI, out-of-band). */
export function errorPage(title: string, message: string): string {
  return page(title, html`<h1>${title}</h1><p class="error" id="error-description">${message}</p>`);
}

/** A short notice (signed in without a destination, signed out). */
export function noticePage(title: string, message: string): string {
  return page(title, html`<h1>${title}</h1><p>${message}</p>`);
}
