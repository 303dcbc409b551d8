import { z } from "zod";
import type { Route } from "../http/route.ts";
import { HttpError } from "../http/grpc-to-http.ts";
import { idParam } from "../http/params.ts";
import { presentFeaturedTag, presentSuggestedTag } from "../presenters/featured-tag.ts";

const byId = z.object({ id: idParam });
// Mastodon answers a missing name as a validation failure of the tag, so any string is passed on.
const feature = z.object({ name: z.string().default("") });
const read = { auth: "user" as const, scopes: ["read", "read:accounts"] };
const write = { auth: "user" as const, scopes: ["write", "write:accounts"] };

/** Featured tags (reference §1.15 and the account's featured tags of §1.2), owned by the statuses service. */
export const featuredTagRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/featured_tags",
    ...read,
    input: z.object({}),
    call: async (ctx) => (await ctx.clients.featuredTags.listFeaturedTags({ accountId: ctx.viewer!.accountId! }, { viewerToken: ctx.viewerToken })).tags,
    present: (_ctx, tags) => tags.map(presentFeaturedTag),
  },
  {
    method: "post",
    path: "/api/v1/featured_tags",
    ...write,
    input: feature,
    call: (ctx, input: z.infer<typeof feature>) => ctx.clients.featuredTags.featureTag({ name: input.name }, { viewerToken: ctx.viewerToken }),
    present: (_ctx, tag) => presentFeaturedTag(tag),
  },
  {
    method: "get",
    path: "/api/v1/featured_tags/suggestions",
    ...read,
    input: z.object({}),
    call: async (ctx) => (await ctx.clients.featuredTags.suggestFeaturedTags({}, { viewerToken: ctx.viewerToken })).tags,
    present: (_ctx, tags) => tags.map(presentSuggestedTag),
  },
  {
    method: "delete",
    path: "/api/v1/featured_tags/:id",
    ...write,
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.featuredTags.unfeatureTag({ id: input.id }, { viewerToken: ctx.viewerToken }),
    present: () => ({}),
  },
  {
    method: "get",
    path: "/api/v1/accounts/:id/featured_tags",
    auth: "none",
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => {
      const [account] = (await ctx.clients.accounts.getAccounts({ ids: [input.id] }, { viewerToken: ctx.viewerToken })).accounts;
      if (!account) throw new HttpError(404, "Record not found");
      // A suspended account shows no featured tags, as Mastodon answers [].
      if (account.suspended) return [];
      return (await ctx.clients.featuredTags.listFeaturedTags({ accountId: input.id }, { viewerToken: ctx.viewerToken })).tags;
    },
    present: (_ctx, tags) => tags.map(presentFeaturedTag),
  },
];
