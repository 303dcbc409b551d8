import { find } from "linkifyjs";

// Only http(s) links count: bare domains ("example.com") and the domain part of a mention are
// text in Mastodon, never links, so they never get a preview card either.
const FETCHABLE = /^https?:\/\//i;

/**
 * The first http(s) URL written in a status's source text, as Mastodon picks the link to show a
 * preview card for; undefined when there is none. Hashtags and mentions are not URLs and are
 * skipped by construction.
 */
export function firstLink(text: string): string | undefined {
  return find(text, "url").find((link) => FETCHABLE.test(link.value))?.value;
}
