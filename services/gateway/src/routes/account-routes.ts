import { z } from "zod";
import type { Route } from "../http/route.ts";
import { boolParam, idParam } from "../http/params.ts";
import { HttpError } from "../http/grpc-to-http.ts";
import { hydrateAccounts, presentAccounts, presentCredentialAccount } from "../presenters/account.ts";
import { presentRelationship } from "../presenters/relationship.ts";

const byId = z.object({ id: idParam });
const follow = z.object({ id: idParam, reblogs: boolParam.optional(), notify: boolParam.optional(), languages: z.array(z.string()).optional() });
const relationships = z.object({ id: z.union([idParam, z.array(idParam)]).optional() });

/** Account routes (reference §1.4). */
export const accountRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/accounts/verify_credentials",
    auth: "user",
    scopes: ["read", "read:accounts"],
    input: z.object({}),
    call: (ctx) => ctx.clients.accounts.getCredentialAccount({}, { viewerToken: ctx.viewerToken }),
    present: (ctx, r) => {
      if (!r.account) throw new HttpError(404, "Record not found");
      return hydrateAccounts(ctx, [r.account]).then(({ moved, emojis }) => presentCredentialAccount(r.account!, r.source, r.role, ctx.baseUrl, moved, emojis));
    },
  },
  {
    method: "get",
    path: "/api/v1/accounts/relationships",
    auth: "user",
    scopes: ["read", "read:follows"],
    input: relationships,
    call: (ctx, input: z.infer<typeof relationships>) =>
      ctx.clients.accounts.getRelationships({ accountIds: [input.id ?? []].flat() }, { viewerToken: ctx.viewerToken }),
    present: (_ctx, r) => r.relationships.map(presentRelationship),
  },
  {
    method: "get",
    path: "/api/v1/accounts/:id",
    auth: "optional",
    scopes: ["read", "read:accounts"],
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.accounts.getAccounts({ ids: [input.id] }, { viewerToken: ctx.viewerToken }),
    present: (ctx, r) => {
      const [account] = r.accounts;
      if (!account) throw new HttpError(404, "Record not found");
      return presentAccounts(ctx, [account]).then(([json]) => json);
    },
  },
  {
    method: "post",
    path: "/api/v1/accounts/:id/follow",
    auth: "user",
    scopes: ["follow", "write", "write:follows"],
    input: follow,
    call: (ctx, input: z.infer<typeof follow>) =>
      ctx.clients.accounts.follow(
        { targetAccountId: input.id, reblogs: input.reblogs, notify: input.notify, languages: input.languages ?? [] },
        { viewerToken: ctx.viewerToken },
      ),
    present: (_ctx, r) => presentRelationship(r.relationship!),
  },
  {
    method: "post",
    path: "/api/v1/accounts/:id/unfollow",
    auth: "user",
    scopes: ["follow", "write", "write:follows"],
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.accounts.unfollow({ targetAccountId: input.id }, { viewerToken: ctx.viewerToken }),
    present: (_ctx, r) => presentRelationship(r.relationship!),
  },
];
