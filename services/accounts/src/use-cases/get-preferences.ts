import type { Viewer } from "@starling/runtime";
import { findSettings } from "../data/profile-queries.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import type { AccountSettings } from "../domain/profile-rules.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerAccountId } from "./get-relationships.ts";

/**
 * The viewer's posting defaults and reading preferences (GET /api/v1/preferences), with the
 * interface language chosen at sign-up (absent when none): statuses falls back to it for a post's
 * language, as Mastodon does.
 */
export async function getPreferences(deps: AccountsDeps, viewer: Viewer | undefined): Promise<AccountSettings & { interfaceLocale: string | undefined }> {
  const accountId = viewerAccountId(viewer);
  const [settings, user] = await Promise.all([findSettings(deps.db, accountId), findUserByAccountId(deps.db, accountId)]);
  return { ...settings, interfaceLocale: user?.locale || undefined };
}
