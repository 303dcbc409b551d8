import { invalidArgument } from "@starling/runtime";

/** A server rule. */
export interface Rule {
  id: string;
  text: string;
  hint: string;
  priority: number;
  createdAt: Date;
}

/** Mastodon's limit on a rule's text (reference §5 limits). */
export const RULE_TEXT_MAX = 300;

/** A rule's text, trimmed; refused when empty or too long. */
export function checkedRuleText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw invalidArgument("Validation failed: Text can't be blank");
  if ([...trimmed].length > RULE_TEXT_MAX) throw invalidArgument(`Validation failed: Text is too long (maximum is ${RULE_TEXT_MAX} characters)`);
  return trimmed;
}
