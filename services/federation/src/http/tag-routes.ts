import type { NextFunction, Request, Response } from "express";
import { OrderedCollection } from "@fedify/fedify/vocab";
import type { FederationContextData } from "../fedify/federation.ts";
import { loadStatusViews } from "../fedify/note-object.ts";
import { tagPage } from "./html-pages.ts";
import { wantsActivityPub } from "./negotiation.ts";

/**
 * GET /tags/:tag as Mastodon serves it: for ActivityPub, an OrderedCollection of the URIs of the
 * latest local public statuses with the hashtag (20, older ones by `max_id`; no page links, as
 * Mastodon gives none), its totalItems every live status carrying it; for browsers, a page of the
 * same statuses. Authors that are suspended are left out of both.
 */
export function tagHandler(options: { baseUrl: string; data: FederationContextData }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const tag = req.params.tag as string;
      const maxId = typeof req.query.max_id === "string" && /^\d+$/.test(req.query.max_id) ? req.query.max_id : undefined;
      const listed = await options.data.federatedStatuses.listLocalTaggedStatuses({ tag, page: { maxId } });
      const views = (await loadStatusViews(options.data, listed.statusIds)).filter((view) => !view.author.suspended);
      const url = `${options.baseUrl}/tags/${encodeURIComponent(tag)}`;
      res.set("Vary", "Accept");
      if (!wantsActivityPub(req)) return void res.type("text/html").send(tagPage(tag, url, views, new URL(options.baseUrl).host));
      const collection = new OrderedCollection({ id: new URL(url), totalItems: listed.total, items: views.map((view) => new URL(view.federated.status!.uri)) });
      res.type("application/activity+json").send(JSON.stringify(await collection.toJsonLd()));
    } catch (error) {
      next(error);
    }
  };
}
