import type { Request } from "express";

const AP_TYPES = ["application/activity+json", 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"', "application/ld+json"];

/**
 * Whether a request asks for ActivityPub rather than a page: it accepts an ActivityPub type and
 * does not prefer HTML (browsers list text/html first; servers list only ActivityPub types).
 */
export function wantsActivityPub(req: Request): boolean {
  const best = req.accepts(["text/html", ...AP_TYPES]);
  return typeof best === "string" && best !== "text/html" && /application\/(activity|ld)\+json/.test(req.get("accept") ?? "");
}
