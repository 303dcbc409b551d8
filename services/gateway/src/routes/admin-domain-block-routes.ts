import { z } from "zod";
import type { CreateDomainBlockResponse, DomainBlock } from "@starling/proto/moderation/v1/blocks";
import { HttpError } from "../http/grpc-to-http.ts";
import { boolParam, choiceParam, idParam, pageParams, pageRequest, textParam } from "../http/params.ts";
import { edgeLinks, type Route } from "../http/route.ts";
import { presentDomainAllow, presentDomainBlock, presentPublicDomainBlock } from "../presenters/admin-blocks.ts";
import { staffAccess } from "./admin-crud-routes.ts";

const byId = z.object({ id: idParam });
const list = z.object(pageParams(100));
const options = {
  severity: choiceParam,
  reject_media: boolParam.optional(),
  reject_reports: boolParam.optional(),
  private_comment: textParam.optional(),
  public_comment: textParam.optional(),
  obfuscate: boolParam.optional(),
};
const create = z.object({ domain: textParam.default(""), ...options });
const update = z.object({ id: idParam, ...options });
// Only admin:read / admin:write reach these in Mastodon 4.0 (its granular admin scopes are not registered).
const read = staffAccess("manage_federation", "read");
const write = staffAccess("manage_federation", "write");
const readAllows = read;
const writeAllows = write;

/** The 422 of a domain some block already covers, with that block (spec Errors 1). */
function createdOrRefused(answer: CreateDomainBlockResponse): DomainBlock {
  if (answer.created) return answer.created;
  const existing = answer.existing!;
  throw new HttpError(422, `You have already imposed stricter limits on ${existing.domain}.`, { existing_domain_block: presentDomainBlock(existing) });
}

const updateRoute = (method: "put" | "patch"): Route => ({
  method,
  path: "/api/v1/admin/domain_blocks/:id",
  ...write,
  input: update,
  call: (ctx, input: z.infer<typeof update>) =>
    ctx.clients.domainBlocks.updateDomainBlock(
      { id: input.id, severity: input.severity, rejectMedia: input.reject_media, rejectReports: input.reject_reports, privateComment: input.private_comment, publicComment: input.public_comment, obfuscate: input.obfuscate },
      { viewerToken: ctx.viewerToken },
    ),
  present: (_ctx, block: DomainBlock) => presentDomainBlock(block),
});

/** Admin domain blocks and allows (reference §1.23), owned by the moderation service; federation enforces them. */
export const adminDomainBlockRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/admin/domain_blocks",
    ...read,
    input: list,
    call: async (ctx, input: z.infer<typeof list>) => (await ctx.clients.domainBlocks.listDomainBlocks({ page: pageRequest(input) }, { viewerToken: ctx.viewerToken })).blocks,
    present: (_ctx, blocks: DomainBlock[]) => blocks.map(presentDomainBlock),
    links: (blocks: DomainBlock[]) => edgeLinks(blocks.map((b) => b.id)),
  },
  { method: "get", path: "/api/v1/admin/domain_blocks/:id", ...read, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.domainBlocks.getDomainBlock(input, { viewerToken: ctx.viewerToken }), present: (_ctx, b: DomainBlock) => presentDomainBlock(b) },
  {
    method: "post",
    path: "/api/v1/admin/domain_blocks",
    ...write,
    input: create,
    call: async (ctx, input: z.infer<typeof create>) =>
      createdOrRefused(
        await ctx.clients.domainBlocks.createDomainBlock(
          {
            domain: input.domain, severity: input.severity, rejectMedia: input.reject_media ?? false, rejectReports: input.reject_reports ?? false,
            privateComment: input.private_comment, publicComment: input.public_comment, obfuscate: input.obfuscate ?? false,
          },
          { viewerToken: ctx.viewerToken },
        ),
      ),
    present: (_ctx, block: DomainBlock) => presentDomainBlock(block),
  },
  updateRoute("put"),
  updateRoute("patch"),
  { method: "delete", path: "/api/v1/admin/domain_blocks/:id", ...write, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.domainBlocks.deleteDomainBlock(input, { viewerToken: ctx.viewerToken }), present: () => ({}) },
  {
    method: "get",
    path: "/api/v1/instance/domain_blocks",
    auth: "optional",
    input: z.object({}),
    call: async (ctx) => (await ctx.clients.domainBlocks.listPublicDomainBlocks({}, { viewerToken: ctx.viewerToken })).blocks,
    present: (_ctx, blocks) => blocks.map(presentPublicDomainBlock),
  },
  {
    method: "get",
    path: "/api/v1/admin/domain_allows",
    ...readAllows,
    input: list,
    call: async (ctx, input: z.infer<typeof list>) => (await ctx.clients.domainAllows.listDomainAllows({ page: pageRequest(input) }, { viewerToken: ctx.viewerToken })).allows,
    present: (_ctx, allows) => allows.map(presentDomainAllow),
    links: (allows: { id: string }[]) => edgeLinks(allows.map((a) => a.id)),
  },
  { method: "get", path: "/api/v1/admin/domain_allows/:id", ...readAllows, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.domainAllows.getDomainAllow(input, { viewerToken: ctx.viewerToken }), present: (_ctx, a) => presentDomainAllow(a) },
  {
    method: "post",
    path: "/api/v1/admin/domain_allows",
    ...writeAllows,
    input: z.object({ domain: textParam.default("") }),
    call: (ctx, input: { domain: string }) => ctx.clients.domainAllows.createDomainAllow(input, { viewerToken: ctx.viewerToken }),
    present: (_ctx, a) => presentDomainAllow(a),
  },
  { method: "delete", path: "/api/v1/admin/domain_allows/:id", ...writeAllows, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.domainAllows.deleteDomainAllow(input, { viewerToken: ctx.viewerToken }), present: () => ({}) },
];
