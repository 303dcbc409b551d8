/**
 * Who may act on whom in moderation: a staff role may act only on accounts whose role ranks below
 * its own, so a Moderator cannot suspend an Admin and nobody can suspend themselves or a peer.
 */
const RANK: Record<string, number> = { "": 0, Moderator: 1, Admin: 2, Owner: 3 };

/** Whether the role may take moderation actions such as suspending (Mastodon's manage_users). */
export function canModerate(role: string | undefined): boolean {
  return (RANK[role ?? ""] ?? 0) > 0;
}

/** Whether the role may delete accounts and their data (Mastodon's delete_user_data: Admin and Owner). */
export function canDeleteAccounts(role: string | undefined): boolean {
  return (RANK[role ?? ""] ?? 0) >= RANK.Admin!;
}

/** Whether `actor` outranks `target`; remote accounts and plain users have the lowest rank. */
export function outranks(actor: string | undefined, target: string | undefined): boolean {
  return (RANK[actor ?? ""] ?? 0) > (RANK[target ?? ""] ?? 0);
}
