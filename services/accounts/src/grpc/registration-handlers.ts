import type { AsyncHandlers } from "@starling/runtime";
import type { RegisterResponse, RegistrationServiceServer } from "@starling/proto/accounts/v1/registration";
import { RegistrationInvalid } from "../domain/registration-rules.ts";
import { approveUser } from "../use-cases/approve-user.ts";
import { rejectUser } from "../use-cases/reject-user.ts";
import { confirmEmail } from "../use-cases/confirm-email.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { registerUser } from "../use-cases/register-user.ts";
import { registrationMode, type RegistrationSettings } from "../use-cases/registration-settings.ts";
import { resendConfirmation } from "../use-cases/resend-confirmation.ts";

/** The RegistrationService handlers: decode → use case → encode. */
export function registrationHandlers(deps: AccountsDeps, settings: RegistrationSettings): AsyncHandlers<RegistrationServiceServer> {
  return {
    register: async (request, ctx): Promise<RegisterResponse> => {
      try {
        const token = await registerUser(deps, settings, ctx.viewer, request);
        return { token: { accessToken: token.accessToken, tokenType: "Bearer", scope: token.scopes.join(" "), createdAt: token.createdAt } };
      } catch (error) {
        // Field errors are an answer, not a failure: the gateway renders them as Mastodon's 422 details.
        if (!(error instanceof RegistrationInvalid)) throw error;
        return { refused: { error: error.message, fieldErrors: error.errors } };
      }
    },
    confirmEmail: async (request) => confirmEmail(deps, request.confirmationToken),
    resendConfirmation: async (request) => {
      await resendConfirmation(deps, settings, request.accessToken, request.email);
      return {};
    },
    getRegistrationSettings: async () => {
      const mode = await registrationMode(deps, settings);
      return { mode, enabled: mode !== "none", approvalRequired: mode === "approved" };
    },
    approveUser: async (request, ctx) => ({ accountId: await approveUser(deps, ctx.viewer, request) }),
    rejectUser: async (request, ctx) => {
      await rejectUser(deps, ctx.viewer, request.accountId);
      return {};
    },
  };
}
