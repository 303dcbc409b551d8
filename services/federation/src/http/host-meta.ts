import type { Request, Response } from "express";

/**
 * `/.well-known/host-meta` (RFC 6415): points older clients at WebFinger through an LRDD template.
 * XML by default, as Mastodon serves it; JSON (the host-meta.json form) when the client asks for it.
 */
export function hostMetaHandler(baseUrl: string) {
  const template = `${baseUrl}/.well-known/webfinger?resource={uri}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">\n  <Link rel="lrdd" template="${template.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"/>\n</XRD>\n`;
  return (req: Request, res: Response) => {
    res.set("Cache-Control", "public, max-age=259200").vary("Accept");
    if (req.accepts(["application/xrd+xml", "application/json", "application/jrd+json"]) === "application/xrd+xml" || !req.get("accept")) {
      res.type("application/xrd+xml; charset=utf-8").send(xml);
    } else {
      res.type("application/json").send(JSON.stringify({ links: [{ rel: "lrdd", template }] }));
    }
  };
}
