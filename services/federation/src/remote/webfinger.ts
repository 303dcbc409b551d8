import type { Context } from "@fedify/fedify";
import type { FederationContextData } from "../fedify/federation.ts";

interface Descriptor {
  links?: { rel?: string; type?: string; href?: string }[];
}

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
 * The actor URI WebFinger gives for `username@host`, or null. WebFinger is asked over https; an
 * instance itself running on plain http (local runs, tests) asks its peers over http as well.
 */
export async function actorUriByHandle(ctx: Context<FederationContextData>, username: string, host: string): Promise<URL | null> {
  const resource = `acct:${username}@${host}`;
  const secure = selfLink((await ctx.lookupWebFinger(resource).catch(() => null)) as Descriptor | null);
  if (secure || !ctx.origin.startsWith("http:")) return secure;
  const url = new URL(`http://${host}/.well-known/webfinger`);
  url.searchParams.set("resource", resource);
  try {
    return selfLink((await ctx.data.freshDocumentLoader(url.href)).document as Descriptor);
  } catch {
    return null;
  }
}
