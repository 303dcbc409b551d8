import type { CallContext } from "@starling/runtime";
import type { Caller } from "../use-cases/deps.ts";

/** The use cases' caller from a gRPC call: the signed viewer and the token to forward. */
export const callerOf = (ctx: CallContext): Caller => ({ viewer: ctx.viewer, viewerToken: ctx.viewerToken });
