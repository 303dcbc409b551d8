import type { PageLinks } from "./route.ts";

/**
 * Builds Mastodon's Link header: absolute URLs to the same path with the request's parameters
 * carried over and the cursor (or, for lists paged by position, the offset) replaced. Undefined when there is nothing to link to.
 */
export function linkHeader(baseUrl: string, path: string, query: Record<string, unknown>, links: PageLinks): string | undefined {
  const parts: string[] = [];
  const url = (cursor: Record<string, string>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (["max_id", "min_id", "since_id", "access_token"].includes(key) || (links.byOffset && key === "offset")) continue;
      for (const v of Array.isArray(value) ? value : [value]) if (typeof v === "string") params.append(key, v);
    }
    for (const [key, value] of Object.entries(cursor)) params.set(key, value);
    return `${baseUrl}${path}?${params.toString()}`;
  };
  if (links.next) parts.push(`<${url({ [links.byOffset ? "offset" : "max_id"]: links.next })}>; rel="next"`);
  if (links.prev) parts.push(`<${url({ [links.byOffset ? "offset" : (links.prevParam ?? "min_id")]: links.prev })}>; rel="prev"`);
  return parts.length ? parts.join(", ") : undefined;
}
