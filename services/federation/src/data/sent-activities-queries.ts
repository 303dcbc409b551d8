import type { Database } from "@starling/db";

/** An activity this server queued earlier, with every inbox it was queued for. */
export interface SentActivity {
  activityType: string;
  /** The JSON posted. */
  body: string;
  inboxes: string[];
}

/**
 * What the delivery queue holds of an earlier activity, or undefined when it was never queued:
 * a Delete or an edit goes to the inboxes its Create reached.
 */
export async function findSentActivity(db: Database, activityId: string): Promise<SentActivity | undefined> {
  const activity: { activity_type: string; body: string } | undefined = await db.table("delivery_activities").where({ activity_id: activityId }).first("activity_type", "body");
  if (!activity) return undefined;
  const rows: { inbox: string }[] = await db.table("deliveries").where({ activity_id: activityId }).select("inbox").orderBy("id");
  return { activityType: activity.activity_type, body: activity.body, inboxes: rows.map((row) => row.inbox) };
}
