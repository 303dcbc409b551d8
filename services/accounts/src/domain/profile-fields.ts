/** One profile field as stored: plain text for local accounts, with the time its link was verified. */
export interface ProfileField {
  name: string;
  value: string;
  /** When the value's page was seen linking back with rel="me"; null when not (yet) verified. */
  verifiedAt: Date | null;
}

/** Mastodon's limit on a local account's profile fields. */
export const MAX_FIELDS = 4;
/** Mastodon's limit on a local field's name and on its value. */
export const MAX_FIELD_LENGTH = 255;

/**
 * The fields a profile update leaves: those with a blank name are dropped (Mastodon's rule, so a
 * client clears a row by blanking it), surrounding whitespace trimmed, and a field whose value
 * was already verified keeps its verified_at, since the same URL still links back.
 */
export function nextFields(input: readonly { name: string; value: string }[], previous: readonly ProfileField[]): ProfileField[] {
  return input
    .map((field) => ({ name: field.name.trim(), value: field.value.trim() }))
    .filter((field) => field.name !== "")
    .map((field) => ({ ...field, verifiedAt: previous.find((old) => old.value === field.value)?.verifiedAt ?? null }));
}

/**
 * The URL a field value claims, when it can be verified: the whole value is one http(s) URL
 * without credentials, whose host is plain ASCII and written in canonical form (an IDN or mixed
 * case host could show one site and link another) and whose path, query and fragment need no
 * re-encoding. Mastodon's Account::Field#verifiable? follows the same rules.
 */
export function verifiableUrl(value: string, allowHttp: boolean): URL | undefined {
  const text = value.trim();
  if (text === "" || /\s/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:")) return undefined;
  if (url.username || url.password || url.hostname === "") return undefined;
  // The parser lower-cases and punycodes hosts and re-encodes paths; any difference means the text
  // was not written canonically (an empty path is the one thing it may add).
  if (url.href !== text && url.href !== `${text}/`) return undefined;
  return url;
}

/** Whether a page's rel="me" link points back at one of the profile's own addresses (case-insensitively). */
export function linksBack(relMeHrefs: readonly string[], profileUrls: readonly string[]): boolean {
  const own = new Set(profileUrls.map((url) => url.toLowerCase()));
  return relMeHrefs.some((href) => own.has(href.trim().toLowerCase()));
}
