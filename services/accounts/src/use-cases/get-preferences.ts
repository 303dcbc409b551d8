import type { Viewer } from "@starling/runtime";
import { findSettings } from "../data/profile-queries.ts";
import type { AccountSettings } from "../domain/profile-rules.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerAccountId } from "./get-relationships.ts";

/** The viewer's posting defaults and reading preferences (GET /api/v1/preferences). */
export async function getPreferences(deps: AccountsDeps, viewer: Viewer | undefined): Promise<AccountSettings> {
  return findSettings(deps.db, viewerAccountId(viewer));
}
