import { permissionDenied, type Viewer } from "@starling/runtime";
import { completeAlerts, emailPreferences, type NotificationType } from "../domain/notification-channels.ts";
import { findNotificationEmails, setNotificationEmails } from "../data/user-activity-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerAccountId } from "./get-relationships.ts";

/** The caller's e-mail preference for every notification type. */
export async function getNotificationEmails(deps: AccountsDeps, viewer: Viewer | undefined): Promise<Record<NotificationType, boolean>> {
  const stored = await findNotificationEmails(deps.db, viewerAccountId(viewer));
  if (!stored) throw permissionDenied("This method requires a local user");
  return emailPreferences(stored);
}

/** Stores every type's preference (the form sends the checked ones), so the defaults no longer apply. */
export async function updateNotificationEmails(deps: AccountsDeps, viewer: Viewer | undefined, wanted: Record<string, boolean>): Promise<Record<NotificationType, boolean>> {
  const accountId = viewerAccountId(viewer);
  if (!(await findNotificationEmails(deps.db, accountId))) throw permissionDenied("This method requires a local user");
  const preferences = completeAlerts(wanted);
  await setNotificationEmails(deps.db, accountId, preferences);
  return preferences;
}
