import { Router } from "express";
import { signViewer, type Logger } from "@starling/runtime";
import type { Clients } from "../clients/gateway-clients.ts";
import type { GatewayConfig } from "../config.ts";
import { decideAuthorization, showAuthorization, showCode } from "./authorize-pages.ts";
import { showConfirmation } from "./confirmation.ts";
import type { PagesDeps } from "./pages-deps.ts";
import { SessionCookies } from "./session.ts";
import { showSignIn, signIn, signOut } from "./sign-in-pages.ts";
import { disableTwoFactor, enableTwoFactor, showSignInHistory, showTwoFactor } from "./two-factor-pages.ts";
import { deleteAccount, showDeleteAccount } from "./delete-account-pages.ts";
import { addAlias, moveAccount, removeAlias, showAliases, showMigration } from "./migration-pages.ts";
import { saveNotificationEmails, showNotificationEmails } from "./notification-emails-pages.ts";
import { appealStrikeFromPage, showStrikes } from "./strikes-pages.ts";

/**
 * The gateway's HTML pages: sign-in and the OAuth authorization flow. Mount after the body parsers
 * (the forms are urlencoded).
 */
export function pagesRouter(config: GatewayConfig, clients: Clients, logger: Logger): Router {
  const deps: PagesDeps = {
    clients,
    sessions: new SessionCookies(config),
    // A web session acts for its account with no OAuth scopes: only the authorization RPCs accept it.
    signViewer: (accountId) => signViewer(config.VIEWER_TOKEN_SECRET, { accountId, scopes: [] }),
    logger,
  };
  const router = Router();
  router.get("/oauth/authorize", showAuthorization(deps));
  router.post("/oauth/authorize", decideAuthorization(deps));
  router.delete("/oauth/authorize", decideAuthorization(deps));
  router.get("/oauth/authorize/native", showCode());
  router.get("/auth/confirmation", showConfirmation(deps));
  router.get("/auth/sign_in", showSignIn(deps));
  router.post("/auth/sign_in", signIn(deps));
  router.post("/auth/sign_out", signOut(deps));
  router.delete("/auth/sign_out", signOut(deps));
  router.get("/settings/two_factor_authentication", showTwoFactor(deps));
  router.post("/settings/two_factor_authentication", enableTwoFactor(deps));
  router.post("/settings/two_factor_authentication/disable", disableTwoFactor(deps));
  router.get("/settings/login_activities", showSignInHistory(deps));
  router.get("/settings/delete", showDeleteAccount(deps));
  router.post("/settings/delete", deleteAccount(deps));
  router.get("/settings/aliases", showAliases(deps));
  router.post("/settings/aliases", addAlias(deps));
  router.post("/settings/aliases/:id/delete", removeAlias(deps));
  router.get("/settings/preferences/notifications", showNotificationEmails(deps));
  router.post("/settings/preferences/notifications", saveNotificationEmails(deps));
  router.get("/settings/migration", showMigration(deps));
  router.post("/settings/migration", moveAccount(deps));
  router.get("/settings/strikes", showStrikes(deps));
  router.post("/settings/strikes/:id/appeal", appealStrikeFromPage(deps));
  return router;
}
