import type { Transaction } from "@starling/db";
import { formatNote } from "@starling/text";
import { findLocalByUsernames } from "../data/account-search-queries.ts";
import { parseAcct } from "../domain/acct.ts";
import type { ProfileDeps } from "./profile-deps.ts";

// Candidate mentions; formatNote applies the exact boundary rules, this only collects names to look up.
const MENTION_CANDIDATE = /@([a-z0-9_]+(?:[a-z0-9_.-]*[a-z0-9_])?)(?:@([\p{L}\p{N}.:-]*[\p{L}\p{N}]))?/giu;

/**
 * A note's HTML: links, hashtags pointing at this server's tag pages, and mentions of local
 * accounts linked to their profiles. Remote mentions stay text until federation can resolve them.
 */
export async function renderNote(deps: ProfileDeps, text: string, trx?: Transaction): Promise<string> {
  const usernames = [...text.matchAll(MENTION_CANDIDATE)].flatMap((m) => {
    const acct = parseAcct(m[2] ? `${m[1]}@${m[2]}` : m[1]!, deps.localDomain);
    return acct && acct.domain === null ? [acct.username] : [];
  });
  const local = await findLocalByUsernames(deps.db, usernames, trx);
  return formatNote(text, {
    tagUrl: deps.urls.tagUrl,
    mentionUrl: (username, domain) => {
      const acct = parseAcct(domain ? `${username}@${domain}` : username, deps.localDomain);
      const account = acct?.domain === null ? local.get(acct.username.toLowerCase()) : undefined;
      return account ? (account.url ?? deps.urls.profileUrl(account.username)) : undefined;
    },
  });
}
