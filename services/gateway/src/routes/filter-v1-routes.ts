import { z } from "zod";
import type { FilterKeywordResponse, FiltersResponse } from "@starling/proto/timelines/v1/filters";
import type { Route, RouteContext } from "../http/route.ts";
import { boolParam, textParam } from "../http/params.ts";
import { presentLegacyFilter } from "../presenters/filter.ts";
import { as } from "./account-list-parts.ts";
import { byId, contextParam, expiresInParam, readFilters, writeFilters } from "./filter-params.ts";

// v1 whole_word defaults to true, Mastodon 4.0's column default (its controller drops the parameter; the spec lists it, so it is honoured).
const legacyFields = z.object({ phrase: textParam.optional(), context: contextParam.optional(), irreversible: boolParam.optional(), whole_word: boolParam.optional(), expires_in: expiresInParam.optional() });
const legacyUpdate = byId.extend(legacyFields.shape);

const one = (_ctx: RouteContext, r: FilterKeywordResponse) => presentLegacyFilter(r.keyword!, r.filter!);

const updateRoute = (method: "put" | "patch"): Route => ({
  method,
  path: "/api/v1/filters/:id",
  auth: "user",
  scopes: writeFilters,
  input: legacyUpdate,
  call: (ctx, input: z.infer<typeof legacyUpdate>) =>
    ctx.clients.filters.updateLegacyFilter({ id: input.id, phrase: input.phrase, wholeWord: input.whole_word, context: input.context && { values: input.context }, irreversible: input.irreversible, expiry: input.expires_in }, as(ctx)),
  present: one,
});

/** Mastodon's v1 filters (reference §1.11): one v1 filter per keyword of the v2 filters. */
export const filterV1Routes: Route[] = [
  {
    method: "get",
    path: "/api/v1/filters",
    auth: "user",
    scopes: readFilters,
    input: z.object({}),
    call: (ctx) => ctx.clients.filters.getFilters({}, as(ctx)),
    present: (_ctx, r: FiltersResponse) => r.filters.flatMap((filter) => filter.keywords.map((keyword) => presentLegacyFilter(keyword, filter))),
  },
  {
    method: "post",
    path: "/api/v1/filters",
    auth: "user",
    scopes: writeFilters,
    input: legacyFields,
    call: async (ctx, input: z.infer<typeof legacyFields>) => {
      const phrase = input.phrase ?? "";
      const request = { title: phrase, context: input.context ?? [], filterAction: input.irreversible ? "hide" : "warn", expiresInSeconds: input.expires_in?.seconds, keywords: [{ keyword: phrase, wholeWord: input.whole_word ?? true, destroy: false }] };
      const { filter } = await ctx.clients.filters.createFilter(request, as(ctx));
      return { filter, keyword: filter!.keywords[0] };
    },
    present: one,
  },
  { method: "get", path: "/api/v1/filters/:id", auth: "user", scopes: readFilters, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.filters.getFilterKeyword({ id: input.id }, as(ctx)), present: one },
  updateRoute("put"),
  updateRoute("patch"),
  {
    method: "delete",
    path: "/api/v1/filters/:id",
    auth: "user",
    scopes: writeFilters,
    input: byId,
    // Deletes the keyword only, as Mastodon 4.0 does; its v2 filter stays.
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.filters.deleteFilterKeyword({ id: input.id }, as(ctx)),
    present: () => ({}),
  },
];
