import type { Rule } from "@starling/proto/moderation/v1/rules";

/** Rule as Mastodon 4.0 shows it (reference §4.17): id and text. */
export const presentRule = (rule: Rule) => ({ id: rule.id, text: rule.text });

/** A rule as staff manage it (beyond Mastodon 4.0): its hint and priority too. */
export const presentAdminRule = (rule: Rule) => ({ ...presentRule(rule), hint: rule.hint, priority: rule.priority, created_at: rule.createdAt!.toISOString() });
