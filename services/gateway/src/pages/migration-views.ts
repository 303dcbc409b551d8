/** The HTML of the account aliases and account migration settings. Every value is escaped by `html`. */
import { hiddenFields, html, page, type SafeHtml } from "./html.ts";

/** Where the two settings pages live. */
export const ALIASES_PATH = "/settings/aliases";
export const MIGRATION_PATH = "/settings/migration";

/** One alias as listed: its id (for removing it) and the old account's handle. */
export interface AliasRow {
  id: string;
  acct: string;
}

/** What the aliases page shows: the aliases, and after a refused post the error and what was typed. */
export interface AliasesView {
  csrf: string;
  aliases: AliasRow[];
  error?: string | undefined;
  acct?: string | undefined;
}

const errorLine = (error: string | undefined): SafeHtml | string => (error ? html`<p class="error" role="alert">${error}</p>` : "");

/** GET /settings/aliases: the form to add an old account, and the list with a remove button each. */
export function aliasesPage(view: AliasesView): string {
  const rows = view.aliases.map(
    (alias) => html`<li data-alias="${alias.id}"><span class="acct">@${alias.acct}</span>
<form class="inline" method="post" action="${ALIASES_PATH}/${alias.id}/delete">${hiddenFields({ authenticity_token: view.csrf })}<button type="submit" class="secondary">Remove</button></form></li>`,
  );
  const list = rows.length > 0 ? html`<ul class="aliases">${rows}</ul>` : html`<p id="no-aliases">This account has no aliases.</p>`;
  return page(
    "Account aliases",
    html`<h1>Account aliases</h1>${errorLine(view.error)}
<p>To move an old account to this one, first name the old account here. An alias only says the two accounts belong to the same person: it changes nothing by itself and can be removed at any time.</p>
<form method="post" action="${ALIASES_PATH}">${hiddenFields({ authenticity_token: view.csrf })}
<label for="acct">Handle of the old account (username@domain, or the username of an account on this server)</label>
<input id="acct" name="acct" type="text" autocomplete="off" value="${view.acct ?? ""}" required autofocus>
<button type="submit" id="add-alias">Add alias</button></form>
<h2>Aliases</h2>${list}`,
  );
}

/** What the migration page shows: where the account redirects now, and after a refused post the error. */
export interface MigrationView {
  csrf: string;
  /** The handle the account moved to, when it did. */
  movedTo?: string | undefined;
  error?: string | undefined;
  acct?: string | undefined;
}

/** GET /settings/migration: the current redirect, and the form to move to another account. */
export function migrationPage(view: MigrationView): string {
  const current = view.movedTo
    ? html`<p id="current-redirect">Your account redirects to <strong>@${view.movedTo}</strong>.</p>`
    : html`<p id="current-redirect">Your account does not redirect anywhere.</p>`;
  return page(
    "Account migration",
    html`<h1>Account migration</h1>${current}${errorLine(view.error)}
<p>Moving marks this account as moved and points everyone who visits it to the new one. The new account must first list this one among its aliases (on its own aliases page). After a move, the account can move again only 30 days later.</p>
<form method="post" action="${MIGRATION_PATH}">${hiddenFields({ authenticity_token: view.csrf })}
<label for="acct">Handle of the new account (username@domain, or the username of an account on this server)</label>
<input id="acct" name="acct" type="text" autocomplete="off" value="${view.acct ?? ""}" required autofocus>
<label for="password">Your current password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" id="move-account">Move to this account</button></form>`,
  );
}

// The services word their validation errors for the API ("Validation failed: Acct ..."); the pages
// say the same thing in words meant for the person filling in the form.
const READABLE: Array<[RegExp, string]> = [
  [/could not be found/, "No account with that handle is known to this server."],
  [/cannot be the current account/, "That is this account itself."],
  [/has already been taken/, "That account is already an alias of this one."],
  [/does not list this account as an alias/, "That account does not list this one as an alias. Add this account as an alias on the new account first, then try again."],
  [/already moved to/, "This account already redirects to that account."],
  [/moved less than 30 days ago/, "This account moved less than 30 days ago; it can move again only 30 days after its last move."],
  [/^Record not found$/, "That alias no longer exists."],
];

/** A refusal from the accounts service as a sentence for the settings pages. */
export function readableRefusal(details: string): string {
  return READABLE.find(([pattern]) => pattern.test(details))?.[1] ?? details.replace(/^Validation failed: /, "");
}
