import { enqueueEvents, outboxEvent } from "@starling/events";
import { publicFetch } from "@starling/runtime";
import { findAccount } from "../data/accounts-queries.ts";
import { finishLinkCheck, updateProfile, type LinkCheckClaim } from "../data/profile-queries.ts";
import { linksBack, verifiableUrl } from "../domain/profile-fields.ts";
import { relMeLinks } from "../domain/rel-me-links.ts";
import type { ProfileDeps } from "./profile-deps.ts";

/** Mastodon's limits on the page a profile link points at. */
const FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 1024 * 1024, maxRedirects: 5 };

/**
 * Runs one claimed rel=me check: fetches each unverified field value that is a single http(s)
 * URL (https only unless the test setting allows http), and marks the field verified when the
 * page links back to the account's profile page or actor id with rel="me". Pages that fail,
 * time out, are too large or do not link back leave the field unverified, without retry, as in
 * Mastodon. The result is written only for fields whose value is still the one fetched.
 */
export async function verifyProfileLinks(deps: ProfileDeps, claim: LinkCheckClaim): Promise<void> {
  const account = await findAccount(deps.db, claim.accountId);
  const own = account ? [deps.urls.profileUrl(account.username), account.url ?? "", account.uri].filter(Boolean) : [];
  const verified = new Set<string>();
  for (const field of account?.fields ?? []) {
    const url = field.verifiedAt === null ? verifiableUrl(field.value, deps.linkChecks.allowHttp) : undefined;
    if (url && (await pageLinksBack(deps, url, own))) verified.add(field.value);
  }
  const changed = await deps.db.transaction(async (trx) => {
    await finishLinkCheck(deps.db, trx, claim);
    const current = await findAccount(deps.db, claim.accountId, trx);
    if (!current?.fields || verified.size === 0) return false;
    const now = deps.now();
    let any = false;
    const fields = current.fields.map((f) => {
      if (f.verifiedAt !== null || !verified.has(f.value)) return f;
      any = true;
      return { ...f, verifiedAt: now };
    });
    if (!any) return false;
    await updateProfile(deps.db, trx, current.id, { fields });
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.updated", current.id, { accountId: current.id })]);
    return true;
  });
  if (changed) deps.nudge();
}

async function pageLinksBack(deps: ProfileDeps, url: URL, own: string[]): Promise<boolean> {
  try {
    const response = await publicFetch(url.toString(), {
      ...FETCH_LIMITS,
      allowPrivate: deps.linkChecks.allowPrivate,
      protocols: deps.linkChecks.allowHttp ? ["https:", "http:"] : ["https:"],
      headers: { accept: "text/html,application/xhtml+xml", "user-agent": `Starling (+${deps.urls.profileUrl("").replace(/\/@$/, "/")})` },
    });
    if (response.status < 200 || response.status >= 300 || response.truncated) return false;
    return linksBack(relMeLinks(response.body.toString("utf8")), own);
  } catch {
    return false;
  }
}
