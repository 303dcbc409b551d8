import { z } from "zod";
import type { Route, RouteContext } from "../http/route.ts";
import { boolParam, choiceParam, idListParam, idParam, textParam } from "../http/params.ts";
import { presentStatus } from "../presenters/status.ts";
import { presentStatusVersions } from "../presenters/status-edit.ts";
import { as } from "./account-list-parts.ts";
import { pollParam, pollRequestOf } from "./poll-params.ts";

const byId = z.object({ id: idParam });
// Mastodon's update takes the whole new state: what is left out is cleared (media, content
// warning, poll), except the language, which the statuses service keeps when none is given.
// JSON clients send null for what they leave out.
const orEmpty = textParam.nullish().transform((value) => value ?? "");
const editStatus = z.object({
  id: idParam,
  status: orEmpty,
  spoiler_text: orEmpty,
  sensitive: boolParam.nullish().transform((value) => value ?? false),
  language: choiceParam,
  media_ids: idListParam.nullish().transform((ids) => ids ?? []),
  poll: pollParam,
});
type EditInput = z.infer<typeof editStatus>;

const edit = async (ctx: RouteContext, input: EditInput) => {
  const request = {
    id: input.id,
    status: input.status,
    spoilerText: input.spoiler_text,
    sensitive: input.sensitive,
    language: input.language,
    mediaIds: input.media_ids,
    poll: pollRequestOf(input.poll),
  };
  return (await ctx.clients.statusEdits.editStatus(request, as(ctx))).status!;
};

// Rails declares the route as a resource update, so PATCH reaches it as well as PUT.
const editRoute = (method: "put" | "patch"): Route => ({
  method,
  path: "/api/v1/statuses/:id",
  auth: "user",
  scopes: ["write", "write:statuses"],
  input: editStatus,
  call: edit,
  present: (ctx, status) => presentStatus(ctx, status),
});

/** Editing a status, its versions and its source (reference §1.5, §4.17). */
export const statusEditRoutes: Route[] = [
  editRoute("put"),
  editRoute("patch"),
  {
    method: "get",
    path: "/api/v1/statuses/:id/history",
    auth: "optional",
    scopes: ["read", "read:statuses"],
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => (await ctx.clients.statusEdits.getStatusHistory({ id: input.id }, as(ctx))).versions,
    present: presentStatusVersions,
  },
  {
    method: "get",
    path: "/api/v1/statuses/:id/source",
    auth: "app",
    scopes: ["read", "read:statuses"],
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => ctx.clients.statusEdits.getStatusSource({ id: input.id }, as(ctx)),
    present: (_ctx, source) => ({ id: source.id, text: source.text, spoiler_text: source.spoilerText }),
  },
];
