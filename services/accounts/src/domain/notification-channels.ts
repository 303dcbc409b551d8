/**
 * Which notifications go out by Web Push and by e-mail: the types, the subscription's alerts and
 * policy, and the e-mail preferences with Mastodon's defaults. Pure rules, no I/O.
 */

/** Mastodon 4.0's notification types, in the order its alert lists show them. */
export const NOTIFICATION_TYPES = ["mention", "status", "reblog", "follow", "follow_request", "favourite", "poll", "update", "admin.sign_up", "admin.report"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Who may reach a subscriber by push: everyone, accounts they follow, their followers, or nobody. */
export const PUSH_POLICIES = ["all", "followed", "follower", "none"] as const;
export type PushPolicy = (typeof PUSH_POLICIES)[number];

export const isPushPolicy = (value: string): value is PushPolicy => (PUSH_POLICIES as readonly string[]).includes(value);

/** Every type with its alert; types the subscriber never named are off, as Mastodon stores them. */
export function completeAlerts(given: Record<string, boolean>): Record<NotificationType, boolean> {
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, given[type] === true])) as Record<NotificationType, boolean>;
}

/** What the recipient's relationship with the sender is, for the push policy. */
export interface SenderRelation {
  /** The recipient follows the sender. */
  followed: boolean;
  /** The sender follows the recipient. */
  follower: boolean;
}

/** Whether a subscription with `policy` lets a notification from a sender with `relation` through. */
export function policyAllows(policy: string, relation: SenderRelation): boolean {
  if (policy === "none") return false;
  if (policy === "followed") return relation.followed;
  if (policy === "follower") return relation.follower;
  return true;
}

// Mastodon's defaults: follows, follow requests and mentions on for everyone; reports and sign-ups
// on, but only staff ever receive those notifications.
const EMAIL_DEFAULTS: Record<NotificationType, boolean> = {
  mention: true,
  status: false,
  reblog: false,
  follow: true,
  follow_request: true,
  favourite: false,
  poll: false,
  update: false,
  "admin.sign_up": true,
  "admin.report": true,
};

/** The user's e-mail preference for each type: what they set, else Mastodon's default. */
export function emailPreferences(set: Record<string, boolean>): Record<NotificationType, boolean> {
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, typeof set[type] === "boolean" ? set[type] : EMAIL_DEFAULTS[type]])) as Record<NotificationType, boolean>;
}

/** How long without an API request or an open stream before a user counts as away and gets e-mails. */
export const AWAY_AFTER_MS = 15 * 60_000;

/** Whether the user is away: never seen, or last seen at least AWAY_AFTER_MS before `now`. */
export function isAway(lastActiveAt: Date | null, now: Date, awayAfterMs = AWAY_AFTER_MS): boolean {
  return lastActiveAt === null || now.getTime() - lastActiveAt.getTime() >= awayAfterMs;
}

/**
 * The wait after failed attempt number `attempts`: 30 s, doubling; undefined after the tenth, when
 * the delivery is given up (about 4 h 15 min after the first try).
 */
export function retryDelayMs(attempts: number): number | undefined {
  if (attempts >= 10) return undefined;
  return 30_000 * 2 ** (attempts - 1);
}
