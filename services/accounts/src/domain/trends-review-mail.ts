import type { Mail } from "../mail/mailer.ts";

/** The e-mail telling staff that trend candidates await their review (sent at most once every 2 hours). */
export function trendsReviewMail(to: string, pending: { tags: number; statuses: number; links: number }): Mail {
  const subject = "New trends are up for review";
  const lines = [
    `${subject}:`,
    "",
    `- ${pending.tags} hashtag(s): GET /api/v1/admin/trends/tags`,
    `- ${pending.statuses} post(s): GET /api/v1/admin/trends/statuses`,
    `- ${pending.links} link(s): GET /api/v1/admin/trends/links (and their publishers: /api/v1/admin/trends/links/publishers)`,
    "",
    "Nothing trends publicly until it, its author or its publisher is approved.",
  ];
  return { to, subject, text: lines.join("\n") };
}
