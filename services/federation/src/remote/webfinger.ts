import type { Context } from "@fedify/fedify";
import { getUserAgent, validatePublicUrl } from "@fedify/fedify/runtime";
import type { FederationContextData } from "../fedify/federation.ts";

interface Descriptor {
  links?: { rel?: string; type?: string; href?: string }[];
}

/** What Mastodon asks WebFinger for; some servers (GoToSocial) answer 406 to an ActivityPub Accept. */
export const WEBFINGER_ACCEPT = "application/jrd+json, application/json";

const MAX_REDIRECTS = 3;

const isActivityPubType = (type: string | undefined) =>
  type === "application/activity+json" || /^application\/ld\+json;\s*profile="https:\/\/www\.w3\.org\/ns\/activitystreams"$/.test(type ?? "");

const selfLink = (jrd: Descriptor | null): URL | null => {
  const href = jrd?.links?.find((l) => l.rel === "self" && isActivityPubType(l.type))?.href;
  try {
    return href ? new URL(href) : null;
  } catch {
    return null;
  }
};

/**
 * The JRD at `url`, following a few redirects on the same scheme, or null when there is none.
 * Private addresses are refused (at every hop) unless the service allows them.
 */
async function fetchDescriptor(url: URL, allowPrivateAddress: boolean): Promise<Descriptor | null> {
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!allowPrivateAddress) await validatePublicUrl(url.href);
    const response = await fetch(url, { headers: { accept: WEBFINGER_ACCEPT, "user-agent": getUserAgent() }, redirect: "manual", signal: AbortSignal.timeout(10_000) });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.protocol !== url.protocol) return null;
      url = next;
      continue;
    }
    return response.ok ? ((await response.json()) as Descriptor) : null;
  }
  return null;
}

/**
 * The actor URI WebFinger gives for `username@host`, or null. WebFinger is asked over https; an
 * instance itself running on plain http (local runs, tests) asks its peers over http as well.
 */
export async function actorUriByHandle(ctx: Context<FederationContextData>, username: string, host: string): Promise<URL | null> {
  const schemes = ctx.origin.startsWith("http:") ? ["https:", "http:"] : ["https:"];
  for (const scheme of schemes) {
    const url = new URL(`${scheme}//${host}/.well-known/webfinger`);
    url.searchParams.set("resource", `acct:${username}@${host}`);
    const found = selfLink(await fetchDescriptor(url, ctx.data.allowPrivateAddress).catch(() => null));
    if (found) return found;
  }
  return null;
}
