import { Router, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { findLocalAccount, type FederationContextData } from "../fedify/federation.ts";
import { servableStatus } from "../fedify/object-dispatchers.ts";
import { profilePage, statusPage } from "./html-pages.ts";
import { wantsActivityPub } from "./negotiation.ts";

type Handler = (req: Request, res: Response, next: NextFunction) => Promise<void>;

const caught = (handler: Handler): RequestHandler => (req, res, next) => void handler(req, res, next).catch(next);

/**
 * Mastodon's short paths and their content negotiation: `/@user` (the actor for ActivityPub, the
 * profile page for browsers), `/@user/followers` and `/@user/following` (the collections; browsers
 * go to the profile), `/@user/ID` (the Note, or the status page), and the embed page of a public
 * status at `/@user/ID/embed` and `/users/user/statuses/ID/embed`. ActivityPub requests are served
 * by Fedify at the canonical path (`fedify`), so they answer exactly what that path answers.
 */
export function shortPathRoutes(options: { baseUrl: string; data: FederationContextData; fedify: RequestHandler }): Router {
  const router = Router();
  const host = new URL(options.baseUrl).host;
  const { data } = options;
  // Hands the request to Fedify as if it had asked for `path`, its query kept. A signature covers
  // the path asked for, so in authorized-fetch mode a signed request is sent to the canonical path
  // instead, where its signature (made afresh by the fetcher) verifies.
  const asCanonical = (req: Request, res: Response, next: NextFunction, path: string) => {
    const query = req.originalUrl.indexOf("?");
    const target = path + (query >= 0 ? req.originalUrl.slice(query) : "");
    if (data.authorizedFetch && (req.get("signature") !== undefined || req.get("signature-input") !== undefined)) {
      return void res.set("Vary", "Accept").redirect(302, `${options.baseUrl}${target}`);
    }
    req.url = req.originalUrl = target;
    options.fedify(req, res, next);
  };
  const localAccount = (username: string) => findLocalAccount(data, username);
  const html = (res: Response, body: string) => void res.set("Vary", "Accept").type("text/html").send(body);

  router.get(
    "/@:username",
    caught(async (req, res, next) => {
      const account = await localAccount(req.params.username as string);
      if (!account) return next();
      if (wantsActivityPub(req)) return asCanonical(req, res, next, `/users/${account.username}`);
      if (account.suspended) return void res.status(410).json({ error: "This account has been suspended" });
      html(res, profilePage(account, host));
    }),
  );

  router.get(
    ["/@:username/followers", "/@:username/following"],
    caught(async (req, res, next) => {
      const account = await localAccount(req.params.username as string);
      if (!account) return next();
      const collection = req.path.endsWith("/followers") ? "followers" : "following";
      if (wantsActivityPub(req)) return asCanonical(req, res, next, `/users/${account.username}/${collection}`);
      res.set("Vary", "Accept").redirect(302, `${options.baseUrl}/@${account.username}`);
    }),
  );

  router.get(
    "/@:username/:id",
    caught(async (req, res, next) => {
      const values = { identifier: req.params.username as string, id: req.params.id as string };
      if (!/^\d+$/.test(values.id)) return next();
      if (wantsActivityPub(req)) return asCanonical(req, res, next, `/users/${values.identifier}/statuses/${values.id}`);
      const view = await servableStatus(data, values);
      if (!view) return next();
      html(res, statusPage(view, host, { embed: false }));
    }),
  );

  // Other sites frame the embed: public for three minutes, as Mastodon caches it; never a private status.
  router.get(
    ["/@:username/:id/embed", "/users/:username/statuses/:id/embed"],
    caught(async (req, res, next) => {
      const view = await servableStatus(data, { identifier: req.params.username as string, id: req.params.id as string });
      if (!view) return next();
      res.set("Cache-Control", "public, max-age=180");
      html(res, statusPage(view, host, { embed: true }));
    }),
  );
  return router;
}
