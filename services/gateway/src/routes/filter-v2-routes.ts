import { z } from "zod";
import type { FilterKeywordResponse, FilterKeywordsResponse, FilterResponse, FiltersResponse, FilterStatusesResponse, FilterStatusResponse } from "@starling/proto/timelines/v1/filters";
import type { Route, RouteContext } from "../http/route.ts";
import { boolParam, idParam, textParam } from "../http/params.ts";
import { presentFilter, presentFilterKeyword, presentFilterStatus } from "../presenters/filter.ts";
import { as } from "./account-list-parts.ts";
import { byFilterId, byId, contextParam, expiresInParam, keywordsAttributesParam, readFilters, writeFilters } from "./filter-params.ts";

const filterFields = z.object({
  title: textParam.optional(),
  context: contextParam.optional(),
  filter_action: z.enum(["warn", "hide"]).optional(),
  expires_in: expiresInParam.optional(),
  keywords_attributes: keywordsAttributesParam,
});
const filterUpdate = byId.extend(filterFields.shape);
const keywordFields = z.object({ keyword: textParam.optional(), whole_word: boolParam.optional() });
const newKeyword = byFilterId.extend(keywordFields.shape);
const keywordUpdate = byId.extend(keywordFields.shape);
const newStatus = byFilterId.extend({ status_id: idParam });

type Ctx = RouteContext;
const filter = (_ctx: Ctx, r: FilterResponse) => presentFilter(r.filter!);
const keyword = (_ctx: Ctx, r: FilterKeywordResponse) => presentFilterKeyword(r.keyword!);
const filteredStatus = (_ctx: Ctx, r: FilterStatusResponse) => presentFilterStatus(r.status!);
const empty = () => ({});

const read = <I>(path: string, input: z.ZodType<I>, call: Route<I>["call"], present: Route<I>["present"]): Route<I> => ({ method: "get", path, auth: "user", scopes: readFilters, input, call, present });
const write = <I>(method: "post" | "put" | "patch" | "delete", path: string, input: z.ZodType<I>, call: Route<I>["call"], present: Route<I>["present"]): Route<I> => ({ method, path, auth: "user", scopes: writeFilters, input, call, present });

const updateFilter = (method: "put" | "patch") =>
  write(
    method,
    "/api/v2/filters/:id",
    filterUpdate,
    (ctx, input) =>
      ctx.clients.filters.updateFilter({ id: input.id, title: input.title, context: input.context && { values: input.context }, filterAction: input.filter_action, expiry: input.expires_in, keywords: input.keywords_attributes }, as(ctx)),
    filter,
  );

const updateKeyword = (method: "put" | "patch") =>
  write(method, "/api/v2/filters/keywords/:id", keywordUpdate, (ctx, input) => ctx.clients.filters.updateFilterKeyword({ id: input.id, keyword: input.keyword, wholeWord: input.whole_word }, as(ctx)), keyword);

/** Mastodon's v2 filters, their keywords and their posts (reference §1.11). */
export const filterV2Routes: Route[] = [
  read("/api/v2/filters", z.object({}), (ctx) => ctx.clients.filters.getFilters({}, as(ctx)), (_ctx, r: FiltersResponse) => r.filters.map(presentFilter)),
  write(
    "post",
    "/api/v2/filters",
    filterFields,
    (ctx, input) =>
      ctx.clients.filters.createFilter({ title: input.title ?? "", context: input.context ?? [], filterAction: input.filter_action, expiresInSeconds: input.expires_in?.seconds, keywords: input.keywords_attributes }, as(ctx)),
    filter,
  ),
  read("/api/v2/filters/:id", byId, (ctx, input) => ctx.clients.filters.getFilter({ id: input.id }, as(ctx)), filter),
  updateFilter("put"),
  updateFilter("patch"),
  write("delete", "/api/v2/filters/:id", byId, (ctx, input) => ctx.clients.filters.deleteFilter({ id: input.id }, as(ctx)), empty),
  read("/api/v2/filters/:filter_id/keywords", byFilterId, (ctx, input) => ctx.clients.filters.getFilterKeywords({ id: input.filter_id }, as(ctx)), (_ctx, r: FilterKeywordsResponse) => r.keywords.map(presentFilterKeyword)),
  write("post", "/api/v2/filters/:filter_id/keywords", newKeyword, (ctx, input) => ctx.clients.filters.addFilterKeyword({ filterId: input.filter_id, keyword: input.keyword ?? "", wholeWord: input.whole_word }, as(ctx)), keyword),
  read("/api/v2/filters/keywords/:id", byId, (ctx, input) => ctx.clients.filters.getFilterKeyword({ id: input.id }, as(ctx)), keyword),
  updateKeyword("put"),
  updateKeyword("patch"),
  write("delete", "/api/v2/filters/keywords/:id", byId, (ctx, input) => ctx.clients.filters.deleteFilterKeyword({ id: input.id }, as(ctx)), empty),
  read("/api/v2/filters/:filter_id/statuses", byFilterId, (ctx, input) => ctx.clients.filters.getFilterStatuses({ id: input.filter_id }, as(ctx)), (_ctx, r: FilterStatusesResponse) => r.statuses.map(presentFilterStatus)),
  write("post", "/api/v2/filters/:filter_id/statuses", newStatus, (ctx, input) => ctx.clients.filters.addFilterStatus({ filterId: input.filter_id, statusId: input.status_id }, as(ctx)), filteredStatus),
  read("/api/v2/filters/statuses/:id", byId, (ctx, input) => ctx.clients.filters.getFilterStatus({ id: input.id }, as(ctx)), filteredStatus),
  write("delete", "/api/v2/filters/statuses/:id", byId, (ctx, input) => ctx.clients.filters.deleteFilterStatus({ id: input.id }, as(ctx)), empty),
];
