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
 * a Delete or an edit goes to the inboxes its Create reached (kept on the activity, so pruned
 * delivery rows do not lose them).
 */
export async function findSentActivity(db: Database, activityId: string): Promise<SentActivity | undefined> {
  const activity: { activity_type: string; body: string; inboxes: string[] } | undefined = await db
    .table("delivery_activities")
    .where({ activity_id: activityId })
    .first("activity_type", "body", "inboxes");
  return activity && { activityType: activity.activity_type, body: activity.body, inboxes: activity.inboxes };
}
