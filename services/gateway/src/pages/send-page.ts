import type { Response } from "express";

/**
 * Sends a page with the headers every page here needs: never cached (they carry CSRF tokens and
 * codes), never framed (a framed consent page could be clickjacked), no scripts at all.
 */
export function sendPage(res: Response, status: number, body: string): void {
  res
    .status(status)
    .set({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Frame-Options": "DENY",
      // No form-action: Chromium applies it to the redirect after a form post, and approving
      // redirects to the client's own URI.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
      "Referrer-Policy": "same-origin",
    })
    .send(body);
}

/** Appends query parameters to a client's redirect URI as written, keeping custom schemes untouched (new URL would lowercase them). */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== "")).toString();
  return query === "" ? uri : `${uri}${uri.includes("?") ? "&" : "?"}${query}`;
}

/** A local path to return to after signing in or out, or undefined for anything that could leave the site. */
export function localPath(value: unknown): string | undefined {
  return typeof value === "string" && /^\/(?![/\\])/.test(value) && !/[\r\n]/.test(value) ? value : undefined;
}
