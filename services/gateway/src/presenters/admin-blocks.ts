import type { CanonicalEmailBlock, DomainAllow, DomainBlock, EmailDomainBlock, IpBlock, PublicDomainBlock } from "@starling/proto/moderation/v1/blocks";

/** Admin::DomainBlock (reference §2). */
export const presentDomainBlock = (b: DomainBlock) => ({
  id: b.id,
  domain: b.domain,
  created_at: b.createdAt!.toISOString(),
  severity: b.severity,
  reject_media: b.rejectMedia,
  reject_reports: b.rejectReports,
  private_comment: b.privateComment ?? null,
  public_comment: b.publicComment ?? null,
  obfuscate: b.obfuscate,
});

/** The public view of GET /api/v1/instance/domain_blocks. */
export const presentPublicDomainBlock = (b: PublicDomainBlock) => ({ domain: b.domain, digest: b.digest, severity: b.severity, comment: b.comment ?? null });

/** Admin::DomainAllow. */
export const presentDomainAllow = (a: DomainAllow) => ({ id: a.id, domain: a.domain, created_at: a.createdAt!.toISOString() });

/** Admin::IpBlock: `ip` in address/prefix form. */
export const presentIpBlock = (b: IpBlock) => ({
  id: b.id,
  ip: b.ip,
  severity: b.severity,
  comment: b.comment,
  created_at: b.createdAt!.toISOString(),
  expires_at: b.expiresAt?.toISOString() ?? null,
});

/**
 * Admin::EmailDomainBlock. Mastodon's `history` counts sign-up attempts from the domain per day;
 * Starling does not count them (yet), so the list is empty rather than made-up zeros.
 */
export const presentEmailDomainBlock = (b: EmailDomainBlock) => ({ id: b.id, domain: b.domain, created_at: b.createdAt!.toISOString(), history: [] });

/** Admin::CanonicalEmailBlock. */
export const presentCanonicalEmailBlock = (b: CanonicalEmailBlock) => ({ id: b.id, canonical_email_hash: b.canonicalEmailHash });
