/**
 * The web settings of account aliases and account migration (Mastodon has them only there, no REST
 * API): GET/POST /settings/aliases, POST /settings/aliases/:id/delete, GET/POST /settings/migration.
 * Refusals re-render the form with the reason (422); successes redirect back to the page (303).
 */
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Response } from "express";
import { field, type PagesDeps } from "./pages-deps.ts";
import { sendPage } from "./send-page.ts";
import { signedIn, type Handler } from "./two-factor-pages.ts";
import { ALIASES_PATH, aliasesPage, MIGRATION_PATH, migrationPage, readableRefusal } from "./migration-views.ts";

// What a settings form may be refused with; anything else is left to `signedIn` (403 or 503).
const REFUSALS = new Set<number>([GrpcStatus.INVALID_ARGUMENT, GrpcStatus.FAILED_PRECONDITION, GrpcStatus.NOT_FOUND]);

const GONE = readableRefusal("Record not found");

/** The refusal's sentence when `error` is a refused form, otherwise rethrows it. */
function refusal(error: unknown): string {
  const { code, details } = (error ?? {}) as { code?: number; details?: unknown };
  if (code === undefined || !REFUSALS.has(code) || typeof details !== "string") throw error;
  return readableRefusal(details);
}

/** Runs a form's call: back to the page on success (303), the page again with the reason on a refusal (422). */
export async function submit(res: Response, path: string, call: () => Promise<unknown>, refusedPage: (error: string) => Promise<string>): Promise<void> {
  try {
    await call();
  } catch (error) {
    const message = refusal(error);
    return sendPage(res, 422, await refusedPage(message));
  }
  res.redirect(303, path);
}

/** The viewer's aliases as the page lists them. */
async function aliasRows(deps: PagesDeps, viewerToken: string) {
  const { aliases } = await deps.clients.profiles.listAliases({}, { viewerToken });
  return aliases.map(({ id, acct }) => ({ id, acct }));
}

/** GET /settings/aliases. */
export function showAliases(deps: PagesDeps): Handler {
  return signedIn(deps, ALIASES_PATH, async ({ res, csrf, viewerToken }) => {
    sendPage(res, 200, aliasesPage({ csrf, aliases: await aliasRows(deps, viewerToken) }));
  });
}

/** POST /settings/aliases: names an old account as an alias of the signed-in one. */
export function addAlias(deps: PagesDeps): Handler {
  return signedIn(deps, ALIASES_PATH, async ({ req, res, csrf, viewerToken }) => {
    const acct = field(req, "acct").trim();
    await submit(
      res,
      ALIASES_PATH,
      () => deps.clients.profiles.addAlias({ acct }, { viewerToken }),
      async (error) => aliasesPage({ csrf, aliases: await aliasRows(deps, viewerToken), error, acct }),
    );
  });
}

/** POST /settings/aliases/:id/delete: removes one of the signed-in account's aliases. */
export function removeAlias(deps: PagesDeps): Handler {
  return signedIn(deps, ALIASES_PATH, async ({ req, res, csrf, viewerToken }) => {
    const aliases = await aliasRows(deps, viewerToken);
    // The service removes by the old account's handle; the page names the alias by its id.
    const alias = aliases.find((a) => a.id === req.params.id);
    if (!alias) return sendPage(res, 422, aliasesPage({ csrf, aliases, error: GONE }));
    await submit(res, ALIASES_PATH, () => deps.clients.profiles.removeAlias({ acct: alias.acct }, { viewerToken }), async (error) => aliasesPage({ csrf, aliases, error }));
  });
}

/** The handle of the account the signed-in one moved to, if it did. */
async function currentRedirect(deps: PagesDeps, viewerToken: string): Promise<string | undefined> {
  const { account } = await deps.clients.accounts.getCredentialAccount({}, { viewerToken });
  if (!account?.movedToAccountId) return undefined;
  const [target] = (await deps.clients.accounts.getAccounts({ ids: [account.movedToAccountId] }, { viewerToken })).accounts;
  if (!target) return undefined;
  return target.domain ? `${target.username}@${target.domain}` : target.username;
}

/** GET /settings/migration. */
export function showMigration(deps: PagesDeps): Handler {
  return signedIn(deps, MIGRATION_PATH, async ({ res, csrf, viewerToken }) => {
    sendPage(res, 200, migrationPage({ csrf, movedTo: await currentRedirect(deps, viewerToken) }));
  });
}

/** POST /settings/migration: moves the signed-in account, given its current password. */
export function moveAccount(deps: PagesDeps): Handler {
  return signedIn(deps, MIGRATION_PATH, async ({ req, res, csrf, viewerToken }) => {
    const acct = field(req, "acct").trim();
    await submit(
      res,
      MIGRATION_PATH,
      () => deps.clients.profiles.moveAccount({ targetAcct: acct, password: field(req, "password") }, { viewerToken }),
      async (error) => migrationPage({ csrf, movedTo: await currentRedirect(deps, viewerToken), error, acct }),
    );
  });
}
