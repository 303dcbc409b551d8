import type { CallContext } from "@starling/runtime";
import type { Caller } from "../use-cases/dependencies.ts";

/** The use cases' caller from a gRPC call: the signed viewer's account and the token to forward. */
export const callerOf = (ctx: CallContext): Caller => ({ accountId: ctx.viewer?.accountId, viewerToken: ctx.viewerToken });
