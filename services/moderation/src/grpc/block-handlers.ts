import type {
  CanonicalEmailBlocksServiceServer, DomainAllowsServiceServer, DomainBlocksServiceServer, EmailDomainBlocksServiceServer, IpBlocksServiceServer,
} from "@starling/proto/moderation/v1/blocks";
import type { AsyncHandlers } from "@starling/runtime";
import type { DomainBlocksAudience } from "../domain/public-domain.ts";
import { deleteBlock, getBlock, listBlocks } from "../use-cases/block-records.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { createDomainAllow, DOMAIN_ALLOWS } from "../use-cases/domain-allows.ts";
import { createDomainBlock, DOMAIN_BLOCKS, listPublicDomainBlocks, updateDomainBlock } from "../use-cases/domain-blocks.ts";
import { CANONICAL_EMAIL_BLOCKS, createCanonicalEmailBlock, createEmailDomainBlock, EMAIL_DOMAIN_BLOCKS, testCanonicalEmailBlocks } from "../use-cases/email-blocks.ts";
import { createIpBlock, IP_BLOCKS, listActiveIpBlocks, updateIpBlock } from "../use-cases/ip-blocks.ts";
import { callerOf } from "./caller-of.ts";

/** DomainBlocksService: decode → use case → encode. */
export function domainBlockHandlers(deps: ModerationDeps, audience: DomainBlocksAudience): AsyncHandlers<DomainBlocksServiceServer> {
  return {
    listDomainBlocks: async (request, ctx) => ({ blocks: await listBlocks(deps, callerOf(ctx), DOMAIN_BLOCKS, request.page) }),
    getDomainBlock: (request, ctx) => getBlock(deps, callerOf(ctx), DOMAIN_BLOCKS, request.id),
    createDomainBlock: (request, ctx) => createDomainBlock(deps, callerOf(ctx), request),
    updateDomainBlock: (request, ctx) => updateDomainBlock(deps, callerOf(ctx), request),
    deleteDomainBlock: async (request, ctx) => (await deleteBlock(deps, callerOf(ctx), DOMAIN_BLOCKS, request.id), {}),
    listPublicDomainBlocks: async (_request, ctx) => ({ blocks: await listPublicDomainBlocks(deps, callerOf(ctx), audience) }),
  };
}

/** DomainAllowsService. */
export function domainAllowHandlers(deps: ModerationDeps): AsyncHandlers<DomainAllowsServiceServer> {
  return {
    listDomainAllows: async (request, ctx) => ({ allows: await listBlocks(deps, callerOf(ctx), DOMAIN_ALLOWS, request.page) }),
    getDomainAllow: (request, ctx) => getBlock(deps, callerOf(ctx), DOMAIN_ALLOWS, request.id),
    createDomainAllow: (request, ctx) => createDomainAllow(deps, callerOf(ctx), request),
    deleteDomainAllow: async (request, ctx) => (await deleteBlock(deps, callerOf(ctx), DOMAIN_ALLOWS, request.id), {}),
  };
}

/** IpBlocksService. */
export function ipBlockHandlers(deps: ModerationDeps): AsyncHandlers<IpBlocksServiceServer> {
  return {
    listIpBlocks: async (request, ctx) => ({ blocks: await listBlocks(deps, callerOf(ctx), IP_BLOCKS, request.page) }),
    getIpBlock: (request, ctx) => getBlock(deps, callerOf(ctx), IP_BLOCKS, request.id),
    createIpBlock: (request, ctx) => createIpBlock(deps, callerOf(ctx), request),
    updateIpBlock: (request, ctx) => updateIpBlock(deps, callerOf(ctx), request),
    deleteIpBlock: async (request, ctx) => (await deleteBlock(deps, callerOf(ctx), IP_BLOCKS, request.id), {}),
    listActiveIpBlocks: async () => ({ blocks: await listActiveIpBlocks(deps) }),
  };
}

/** EmailDomainBlocksService. */
export function emailDomainBlockHandlers(deps: ModerationDeps): AsyncHandlers<EmailDomainBlocksServiceServer> {
  return {
    listEmailDomainBlocks: async (request, ctx) => ({ blocks: await listBlocks(deps, callerOf(ctx), EMAIL_DOMAIN_BLOCKS, request.page) }),
    getEmailDomainBlock: (request, ctx) => getBlock(deps, callerOf(ctx), EMAIL_DOMAIN_BLOCKS, request.id),
    createEmailDomainBlock: (request, ctx) => createEmailDomainBlock(deps, callerOf(ctx), request),
    deleteEmailDomainBlock: async (request, ctx) => (await deleteBlock(deps, callerOf(ctx), EMAIL_DOMAIN_BLOCKS, request.id), {}),
  };
}

/** CanonicalEmailBlocksService. */
export function canonicalEmailBlockHandlers(deps: ModerationDeps): AsyncHandlers<CanonicalEmailBlocksServiceServer> {
  return {
    listCanonicalEmailBlocks: async (request, ctx) => ({ blocks: await listBlocks(deps, callerOf(ctx), CANONICAL_EMAIL_BLOCKS, request.page) }),
    getCanonicalEmailBlock: (request, ctx) => getBlock(deps, callerOf(ctx), CANONICAL_EMAIL_BLOCKS, request.id),
    createCanonicalEmailBlock: (request, ctx) => createCanonicalEmailBlock(deps, callerOf(ctx), request),
    deleteCanonicalEmailBlock: async (request, ctx) => (await deleteBlock(deps, callerOf(ctx), CANONICAL_EMAIL_BLOCKS, request.id), {}),
    testCanonicalEmailBlocks: async (request, ctx) => ({ blocks: await testCanonicalEmailBlocks(deps, callerOf(ctx), request.email) }),
  };
}
