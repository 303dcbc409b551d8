import type { Mail } from "../mail/mailer.ts";

// What the user is told of each decision (Mastodon's UserMailer#warning subjects, in our words).
const DECISIONS: Record<string, string> = {
  none: "You have received a warning from the moderators",
  sensitive: "Your media will be marked as sensitive from now on",
  disable: "Your account has been disabled",
  silence: "Your account has been limited",
  suspend: "Your account has been suspended",
};

/** The e-mail telling a user of a moderator's decision (a strike), and how to appeal it. */
export function strikeMail(to: string, strike: { strikeId: string; action: string; text: string }): Mail {
  const subject = DECISIONS[strike.action] ?? "A moderator took action on your account";
  const lines = [subject + ".", "", ...(strike.text ? ["The moderators wrote:", strike.text, ""] : [])];
  lines.push(`You may appeal this decision once, within 20 days: POST /api/v1/strikes/${strike.strikeId}/appeal (your strikes are listed at GET /api/v1/strikes).`);
  return { to, subject, text: lines.join("\n") };
}

/** The e-mail telling a staff member who manages appeals that a user appealed a decision. */
export function newAppealMail(to: string, appeal: { appealId: string; strikeId: string; text: string }, appellant: string): Mail {
  const subject = `${appellant} appealed a moderation decision`;
  const lines = [`${subject}.`, "", "They wrote:", appeal.text, "", `Review it among the pending appeals: GET /api/v1/admin/appeals (appeal ${appeal.appealId}, strike ${appeal.strikeId}).`];
  return { to, subject, text: lines.join("\n") };
}

/** The e-mail telling a user how their appeal was decided. */
export function appealMail(to: string, approved: boolean): Mail {
  const subject = approved ? "Your appeal was approved" : "Your appeal was rejected";
  const text = approved ? "The moderators reviewed your appeal and reversed their decision." : "The moderators reviewed your appeal and upheld their decision.";
  return { to, subject, text: `${subject}.\n\n${text}` };
}
