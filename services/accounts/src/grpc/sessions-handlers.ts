import type { AsyncHandlers } from "@starling/runtime";
import type { SessionsServiceServer } from "@starling/proto/accounts/v1/sessions";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { signIn } from "../use-cases/sign-in.ts";

/** The SessionsService handlers: decode → use case → encode. */
export function sessionsHandlers(deps: AccountsDeps): AsyncHandlers<SessionsServiceServer> {
  return {
    signIn: async (request) => signIn(deps, request),
  };
}
