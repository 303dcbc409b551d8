/**
 * The web page of the signed-in user's strikes (moderators' decisions about their account), each
 * with its appeal or an appeal form while the 20 days last, as Mastodon's /disputes pages: GET
 * /settings/strikes, POST /settings/strikes/:id/appeal. The same as GET /api/v1/strikes and
 * POST /api/v1/strikes/:id/appeal, for users without an app; a suspended user's session works here.
 */
import type { Strike } from "@starling/proto/moderation/v1/account_actions";
import { hiddenFields, html, page, type SafeHtml } from "./html.ts";
import { submit } from "./migration-pages.ts";
import { field, type PagesDeps } from "./pages-deps.ts";
import { sendPage } from "./send-page.ts";
import { signedIn, type Handler } from "./two-factor-pages.ts";

export const STRIKES_PATH = "/settings/strikes";

// What each decision is called on the page (Mastodon's strike titles, in our words).
const ACTIONS: Record<string, string> = {
  none: "Warning",
  sensitive: "Media marked as sensitive",
  disable: "Account disabled",
  silence: "Account limited",
  suspend: "Account suspended",
};

const day = (at: Date | undefined) => at?.toISOString().slice(0, 10) ?? "";

/** One strike: what was decided and why, then its appeal, or the form to appeal while it may be. */
function strikeItem(strike: Strike, csrf: string, now: Date): SafeHtml {
  const appeal = strike.appeal
    ? html`<p class="appeal">Appealed on ${day(strike.appeal.createdAt)}: ${strike.appeal.state}.</p>`
    : strike.appealDeadline && strike.appealDeadline > now
      ? html`<form method="post" action="${STRIKES_PATH}/${strike.id}/appeal">${hiddenFields({ authenticity_token: csrf })}<label>Why should this be reversed? <textarea name="text" required maxlength="2000"></textarea></label>
<button type="submit">Appeal (until ${day(strike.appealDeadline)})</button></form>`
      : html`<p class="appeal">The time to appeal this decision has passed.</p>`;
  return html`<li id="strike-${strike.id}"><h2>${ACTIONS[strike.action] ?? strike.action}, ${day(strike.createdAt)}</h2>${strike.text ? html`<p class="text">${strike.text}</p>` : ""}${strike.overruledAt ? html`<p class="overruled">Reversed on ${day(strike.overruledAt)}.</p>` : ""}${appeal}</li>`;
}

/** The page: every strike, newest first, or a note that there are none. */
export function strikesPage(view: { csrf: string; strikes: readonly Strike[]; now: Date; error?: string; appealed?: boolean }): string {
  const body = view.strikes.length ? html`<ul>${view.strikes.map((strike) => strikeItem(strike, view.csrf, view.now))}</ul>` : html`<p>No moderator has taken action on your account.</p>`;
  return page(
    "Account status",
    html`<h1>Account status</h1>${view.appealed ? html`<p id="appealed">Your appeal was sent to the moderators.</p>` : ""}${view.error ? html`<p id="error">${view.error}</p>` : ""}${body}`,
  );
}

async function ownStrikes(deps: PagesDeps, viewerToken: string): Promise<Strike[]> {
  return (await deps.clients.strikes.listStrikes({ page: { limit: 40 } }, { viewerToken })).strikes;
}

/** GET /settings/strikes. */
export function showStrikes(deps: PagesDeps): Handler {
  return signedIn(deps, STRIKES_PATH, async ({ req, res, csrf, viewerToken }) => {
    sendPage(res, 200, strikesPage({ csrf, strikes: await ownStrikes(deps, viewerToken), now: new Date(), appealed: req.query.appealed === "1" }));
  });
}

/** POST /settings/strikes/:id/appeal: one appeal per strike, within 20 days (422 with the reason otherwise). */
export function appealStrikeFromPage(deps: PagesDeps): Handler {
  return signedIn(deps, STRIKES_PATH, async ({ req, res, csrf, viewerToken }) => {
    await submit(res, `${STRIKES_PATH}?appealed=1`, () => deps.clients.strikes.appealStrike({ strikeId: String(req.params.id), text: field(req, "text") }, { viewerToken }), async (error) =>
      strikesPage({ csrf, strikes: await ownStrikes(deps, viewerToken), now: new Date(), error }),
    );
  });
}
