/**
 * The web setting of which notifications are e-mailed (Mastodon keeps it only there, no REST API):
 * GET/POST /settings/preferences/notifications. E-mails go only to users who are away; the form
 * says so. A save redirects back to the page (303).
 */
import type { Request } from "express";
import { hiddenFields, html, page } from "./html.ts";
import type { PagesDeps } from "./pages-deps.ts";
import { sendPage } from "./send-page.ts";
import { signedIn, type Handler } from "./two-factor-pages.ts";

export const NOTIFICATION_EMAILS_PATH = "/settings/preferences/notifications";

// In the form's order; the admin types only ever reach staff.
const LABELS: readonly [string, string][] = [
  ["follow", "Someone followed you"],
  ["follow_request", "Someone asked to follow you"],
  ["mention", "Someone mentioned you"],
  ["reblog", "Someone boosted your post"],
  ["favourite", "Someone favourited your post"],
  ["status", "Someone you chose to hear from posted"],
  ["update", "A post you boosted was edited"],
  ["poll", "A poll you voted in or created ended"],
  ["admin.sign_up", "Someone signed up (staff)"],
  ["admin.report", "A new report was filed (staff)"],
];

/** The form: one checkbox per notification type, checked when it is e-mailed. */
export function notificationEmailsPage(view: { csrf: string; types: Record<string, boolean>; saved?: boolean }): string {
  const boxes = LABELS.map(
    ([type, label]) => html`<label><input type="checkbox" name="types[]" value="${type}"${view.types[type] ? html` checked` : ""}> ${label}</label>`,
  );
  return page(
    "E-mail notifications",
    html`<h1>E-mail notifications</h1>${view.saved ? html`<p id="saved">Saved.</p>` : ""}
<p>When you have not used the app for a while, send an e-mail when:</p>
<form method="post" action="${NOTIFICATION_EMAILS_PATH}">${hiddenFields({ authenticity_token: view.csrf })}${boxes}
<button type="submit" id="save">Save</button></form>`,
  );
}

/** The checked types of a submitted form (`types[]`, one value or several). */
function checkedTypes(req: Request): Record<string, boolean> {
  const raw = (req.body as Record<string, unknown> | undefined)?.types;
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return Object.fromEntries(values.filter((v): v is string => typeof v === "string").map((type) => [type, true]));
}

/** GET /settings/preferences/notifications. */
export function showNotificationEmails(deps: PagesDeps): Handler {
  return signedIn(deps, NOTIFICATION_EMAILS_PATH, async ({ req, res, csrf, viewerToken }) => {
    const { types } = await deps.clients.push.getNotificationEmails({}, { viewerToken });
    sendPage(res, 200, notificationEmailsPage({ csrf, types, saved: req.query.saved === "1" }));
  });
}

/** POST /settings/preferences/notifications: the checked types are e-mailed, the others are not. */
export function saveNotificationEmails(deps: PagesDeps): Handler {
  return signedIn(deps, NOTIFICATION_EMAILS_PATH, async ({ req, res, viewerToken }) => {
    await deps.clients.push.updateNotificationEmails({ types: checkedTypes(req) }, { viewerToken });
    res.redirect(303, `${NOTIFICATION_EMAILS_PATH}?saved=1`);
  });
}
