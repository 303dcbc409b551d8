/**
 * The web page where users delete their own account (Mastodon's /settings/delete): the current
 * password confirms it, as nothing can undo it. GET shows the form, POST deletes and signs out.
 */
import { status as GrpcStatus } from "@grpc/grpc-js";
import { hiddenFields, html, page } from "./html.ts";
import { field, type PagesDeps } from "./pages-deps.ts";
import { sendPage } from "./send-page.ts";
import { signedIn, type Handler } from "./two-factor-pages.ts";
import { noticePage } from "./views.ts";

const SETTINGS = "/settings/delete";

/** The confirmation form, with an error after a wrong password. */
export function deleteAccountPage(view: { csrf: string; error?: string | undefined }): string {
  const error = view.error ? html`<p class="error" role="alert">${view.error}</p>` : "";
  return page(
    "Delete account",
    html`<h1>Delete account</h1>${error}
<p>This deletes your profile, your posts and who you follow and who follows you, for good. Your username cannot be used again, by you or anyone else.</p>
<form method="post" action="${SETTINGS}">${hiddenFields({ authenticity_token: view.csrf })}
<label for="password">Your current password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
<button type="submit" id="delete-account">Delete my account</button></form>`,
  );
}

/** GET /settings/delete. */
export function showDeleteAccount(deps: PagesDeps): Handler {
  return signedIn(deps, SETTINGS, async ({ res, csrf }) => sendPage(res, 200, deleteAccountPage({ csrf })));
}

/** POST /settings/delete: deletes the signed-in account given its password, then ends the session. */
export function deleteAccount(deps: PagesDeps): Handler {
  return signedIn(deps, SETTINGS, async ({ req, res, csrf, viewerToken }) => {
    try {
      await deps.clients.security.deleteAccount({ password: field(req, "password") }, { viewerToken });
    } catch (error) {
      if ((error as { code?: number })?.code !== GrpcStatus.INVALID_ARGUMENT) throw error;
      return sendPage(res, 422, deleteAccountPage({ csrf, error: "Invalid password" }));
    }
    deps.sessions.clear(res);
    sendPage(res, 200, noticePage("Account deleted", "Your account has been deleted. Goodbye."));
  });
}
