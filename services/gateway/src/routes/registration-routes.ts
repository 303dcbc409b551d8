import { z } from "zod";
import type { RegistrationFieldError } from "@starling/proto/accounts/v1/registration";
import { HttpError } from "../http/grpc-to-http.ts";
import { boolParam, choiceParam, textParam } from "../http/params.ts";
import type { Route, RouteContext } from "../http/route.ts";
import { presentToken } from "../presenters/token.ts";

const signUp = z.object({
  username: textParam.default(""),
  email: textParam.default(""),
  password: textParam.default(""),
  agreement: boolParam.default(false),
  locale: choiceParam,
  reason: textParam.optional(),
});

const resend = z.object({ email: textParam.optional(), access_token: z.string().optional() });

/** Mastodon's 422 `details`: each field's failures, in order. */
function details(errors: readonly RegistrationFieldError[]): Record<string, { error: string; description: string }[]> {
  const grouped: Record<string, { error: string; description: string }[]> = {};
  for (const e of errors) (grouped[e.field] ??= []).push({ error: e.error, description: e.description });
  return grouped;
}

/**
 * The caller's bearer token, passed to the service as is: an unconfirmed user's token is refused by
 * the gateway's usual authentication, and asking for the confirmation mail is exactly what it is for.
 */
function rawToken(ctx: RouteContext, fromParams: string | undefined): string {
  const header = ctx.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  const token = match?.[1] ?? fromParams ?? "";
  if (token === "") throw new HttpError(401, "The access token is invalid");
  return token;
}

/** Self sign-up and the confirmation mail (reference §1.4, §1.21). */
export const registrationRoutes: Route[] = [
  {
    method: "post",
    path: "/api/v1/accounts",
    auth: "app",
    scopes: ["write", "write:accounts"],
    input: signUp,
    call: async (ctx, input: z.infer<typeof signUp>) => {
      // Staff's IP blocks, as Mastodon's sign-up checks them: refused, or kept waiting for approval.
      if (ctx.ipBlock === "sign_up_block") throw new HttpError(403, "This action is not allowed");
      const approvalRequired = ctx.ipBlock === "sign_up_requires_approval";
      const answer = await ctx.clients.registration.register({ ...input, ...(ctx.ip ? { ip: ctx.ip } : {}), ...(approvalRequired ? { approvalRequired } : {}) }, { viewerToken: ctx.viewerToken });
      if (answer.refused) throw new HttpError(422, answer.refused.error, { details: details(answer.refused.fieldErrors) });
      if (!answer.token) throw new Error("the accounts service answered Register with neither a token nor a refusal");
      return answer.token;
    },
    present: (_ctx, answer) => presentToken(answer),
  },
  {
    method: "post",
    path: "/api/v1/emails/confirmations",
    auth: "none",
    input: resend,
    call: (ctx, input: z.infer<typeof resend>) =>
      ctx.clients.registration.resendConfirmation({ accessToken: rawToken(ctx, input.access_token), ...(input.email === undefined ? {} : { email: input.email }) }),
    present: () => ({}),
  },
];
