import { invalidArgument } from "@starling/runtime";

/** A report as stored. */
export interface Report {
  id: string;
  /** The reporter; null for a remote server's Flag. */
  accountId: string | null;
  targetAccountId: string;
  category: string;
  comment: string;
  statusIds: string[];
  ruleIds: string[];
  forwarded: boolean;
  assignedAccountId: string | null;
  actionTakenAt: Date | null;
  actionTakenByAccountId: string | null;
  originDomain: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Mastodon 4.0's report categories; `other` when none is given. */
export const REPORT_CATEGORIES = ["other", "spam", "violation"] as const;

/** Mastodon's limit on a report's comment. */
export const REPORT_COMMENT_MAX = 1000;

/** The category asked for, `other` when absent; refused when unknown. */
export function checkedCategory(category: string | undefined): string {
  if (category === undefined || category === "") return "other";
  if (!(REPORT_CATEGORIES as readonly string[]).includes(category)) throw invalidArgument(`Validation failed: Category '${category}' is not a valid category`);
  return category;
}

/** The comment, refused past Mastodon's length. */
export function checkedComment(comment: string): string {
  if ([...comment].length > REPORT_COMMENT_MAX) throw invalidArgument(`Validation failed: Comment is too long (maximum is ${REPORT_COMMENT_MAX} characters)`);
  return comment;
}
