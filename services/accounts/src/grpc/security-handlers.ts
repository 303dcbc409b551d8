import type { AsyncHandlers } from "@starling/runtime";
import type { SecurityServiceServer, SignInRecord } from "@starling/proto/accounts/v1/security";
import type { SignIn } from "../data/sign-ins-queries.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { disableTwoFactor } from "../use-cases/disable-two-factor.ts";
import { enableTwoFactor } from "../use-cases/enable-two-factor.ts";
import { getTwoFactorStatus } from "../use-cases/get-two-factor-status.ts";
import { listSignIns } from "../use-cases/list-sign-ins.ts";
import { setUpTwoFactor } from "../use-cases/set-up-two-factor.ts";
import { suspendAccount, unsuspendAccount } from "../use-cases/suspend-account.ts";
import { deleteAccount } from "../use-cases/delete-account.ts";

const signInToProto = (s: SignIn): SignInRecord => ({
  id: s.id,
  createdAt: s.createdAt,
  ip: s.ip,
  userAgent: s.userAgent,
  authenticationMethod: s.method,
  success: s.success,
  failureReason: s.failureReason,
});

/** The SecurityService handlers: decode → use case → encode. */
export function securityHandlers(deps: AccountsDeps): AsyncHandlers<SecurityServiceServer> {
  return {
    setUpTwoFactor: async (_request, ctx) => setUpTwoFactor(deps, ctx.viewer),
    enableTwoFactor: async (request, ctx) => ({ recoveryCodes: await enableTwoFactor(deps, ctx.viewer, request.code) }),
    disableTwoFactor: async (request, ctx) => {
      await disableTwoFactor(deps, ctx.viewer, request);
      return {};
    },
    getTwoFactorStatus: async (_request, ctx) => getTwoFactorStatus(deps, ctx.viewer),
    listSignIns: async (request, ctx) => ({ signIns: (await listSignIns(deps, ctx.viewer, request.limit)).map(signInToProto) }),
    suspendAccount: async (request, ctx) => suspendAccount(deps, ctx.viewer, request),
    unsuspendAccount: async (request, ctx) => unsuspendAccount(deps, ctx.viewer, request),
    deleteAccount: async (request, ctx) => deleteAccount(deps, ctx.viewer, request),
  };
}
