import { z } from "zod";
import type { CanonicalEmailBlock, EmailDomainBlock, IpBlock } from "@starling/proto/moderation/v1/blocks";
import { choiceParam, idParam, int32Param, pageParams, pageRequest, textParam } from "../http/params.ts";
import { edgeLinks, type Route } from "../http/route.ts";
import { presentCanonicalEmailBlock, presentEmailDomainBlock, presentIpBlock } from "../presenters/admin-blocks.ts";
import { staffAccess } from "./admin-crud-routes.ts";

const byId = z.object({ id: idParam });
const list = z.object(pageParams(100));
const ipFields = { ip: choiceParam, severity: choiceParam, comment: textParam.optional(), expires_in: int32Param.optional() };
const createIp = z.object(ipFields);
const updateIp = z.object({ id: idParam, ...ipFields });
// Only admin:read / admin:write reach these in Mastodon 4.0 (its granular admin scopes are not registered).
const access = (mode: "read" | "write") => staffAccess("manage_blocks", mode);
const ids = (items: { id: string }[]) => edgeLinks(items.map((i) => i.id));

const updateIpRoute = (method: "put" | "patch"): Route => ({
  method,
  path: "/api/v1/admin/ip_blocks/:id",
  ...access("write"),
  input: updateIp,
  call: (ctx, input: z.infer<typeof updateIp>) =>
    ctx.clients.ipBlocks.updateIpBlock({ id: input.id, ip: input.ip, severity: input.severity, comment: input.comment, expiresIn: input.expires_in }, { viewerToken: ctx.viewerToken }),
  present: (_ctx, block: IpBlock) => presentIpBlock(block),
});

/** IP blocks, e-mail domain blocks and canonical e-mail blocks (reference §1.23), owned by moderation; the gateway and accounts enforce them. */
export const adminSignUpBlockRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/admin/ip_blocks",
    ...access("read"),
    input: list,
    call: async (ctx, input: z.infer<typeof list>) => (await ctx.clients.ipBlocks.listIpBlocks({ page: pageRequest(input) }, { viewerToken: ctx.viewerToken })).blocks,
    present: (_ctx, blocks: IpBlock[]) => blocks.map(presentIpBlock),
    links: ids,
  },
  { method: "get", path: "/api/v1/admin/ip_blocks/:id", ...access("read"), input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.ipBlocks.getIpBlock(input, { viewerToken: ctx.viewerToken }), present: (_ctx, b: IpBlock) => presentIpBlock(b) },
  {
    method: "post",
    path: "/api/v1/admin/ip_blocks",
    ...access("write"),
    input: createIp,
    call: (ctx, input: z.infer<typeof createIp>) =>
      ctx.clients.ipBlocks.createIpBlock({ ip: input.ip, severity: input.severity, comment: input.comment, expiresIn: input.expires_in }, { viewerToken: ctx.viewerToken }),
    present: (_ctx, b: IpBlock) => presentIpBlock(b),
  },
  updateIpRoute("put"),
  updateIpRoute("patch"),
  { method: "delete", path: "/api/v1/admin/ip_blocks/:id", ...access("write"), input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.ipBlocks.deleteIpBlock(input, { viewerToken: ctx.viewerToken }), present: () => ({}) },
  {
    method: "get",
    path: "/api/v1/admin/email_domain_blocks",
    ...access("read"),
    input: list,
    call: async (ctx, input: z.infer<typeof list>) => (await ctx.clients.emailDomainBlocks.listEmailDomainBlocks({ page: pageRequest(input) }, { viewerToken: ctx.viewerToken })).blocks,
    present: (_ctx, blocks: EmailDomainBlock[]) => blocks.map(presentEmailDomainBlock),
    links: ids,
  },
  // Mastodon 4.0 answers a server error here (its policy lacks show?); Starling answers the block.
  { method: "get", path: "/api/v1/admin/email_domain_blocks/:id", ...access("read"), input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.emailDomainBlocks.getEmailDomainBlock(input, { viewerToken: ctx.viewerToken }), present: (_ctx, b: EmailDomainBlock) => presentEmailDomainBlock(b) },
  {
    method: "post",
    path: "/api/v1/admin/email_domain_blocks",
    ...access("write"),
    input: z.object({ domain: textParam.default("") }),
    call: (ctx, input: { domain: string }) => ctx.clients.emailDomainBlocks.createEmailDomainBlock(input, { viewerToken: ctx.viewerToken }),
    present: (_ctx, b: EmailDomainBlock) => presentEmailDomainBlock(b),
  },
  { method: "delete", path: "/api/v1/admin/email_domain_blocks/:id", ...access("write"), input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.emailDomainBlocks.deleteEmailDomainBlock(input, { viewerToken: ctx.viewerToken }), present: () => ({}) },
  {
    method: "get",
    path: "/api/v1/admin/canonical_email_blocks",
    ...access("read"),
    input: list,
    call: async (ctx, input: z.infer<typeof list>) => (await ctx.clients.canonicalEmailBlocks.listCanonicalEmailBlocks({ page: pageRequest(input) }, { viewerToken: ctx.viewerToken })).blocks,
    present: (_ctx, blocks: CanonicalEmailBlock[]) => blocks.map(presentCanonicalEmailBlock),
    links: ids,
  },
  {
    method: "post",
    path: "/api/v1/admin/canonical_email_blocks/test",
    ...access("read"),
    input: z.object({ email: textParam.default("") }),
    call: async (ctx, input: { email: string }) => (await ctx.clients.canonicalEmailBlocks.testCanonicalEmailBlocks(input, { viewerToken: ctx.viewerToken })).blocks,
    present: (_ctx, blocks: CanonicalEmailBlock[]) => blocks.map(presentCanonicalEmailBlock),
  },
  { method: "get", path: "/api/v1/admin/canonical_email_blocks/:id", ...access("read"), input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.canonicalEmailBlocks.getCanonicalEmailBlock(input, { viewerToken: ctx.viewerToken }), present: (_ctx, b: CanonicalEmailBlock) => presentCanonicalEmailBlock(b) },
  {
    method: "post",
    path: "/api/v1/admin/canonical_email_blocks",
    ...access("write"),
    input: z.object({ email: choiceParam, canonical_email_hash: choiceParam }),
    call: (ctx, input: { email?: string | undefined; canonical_email_hash?: string | undefined }) =>
      ctx.clients.canonicalEmailBlocks.createCanonicalEmailBlock({ email: input.email, canonicalEmailHash: input.canonical_email_hash }, { viewerToken: ctx.viewerToken }),
    present: (_ctx, b: CanonicalEmailBlock) => presentCanonicalEmailBlock(b),
  },
  { method: "delete", path: "/api/v1/admin/canonical_email_blocks/:id", ...access("write"), input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.canonicalEmailBlocks.deleteCanonicalEmailBlock(input, { viewerToken: ctx.viewerToken }), present: () => ({}) },
];
