import type { AccountActionsServiceServer, Appeal as AppealMessage, StrikesServiceServer, Strike as StrikeMessage } from "@starling/proto/moderation/v1/account_actions";
import type { AsyncHandlers } from "@starling/runtime";
import { appealDeadline, type Appeal } from "../domain/strike.ts";
import { appealStrike, getStrike, listAppealsForStaff, listOwnStrikes, resolveAppeal, type StrikeView } from "../use-cases/appeals.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { liftAccountAction, takeAccountAction } from "../use-cases/take-account-action.ts";
import { deleteAccountData, reviewSignUp } from "../use-cases/review-accounts.ts";
import { callerOf } from "./caller-of.ts";

export function appealToProto(appeal: Appeal): AppealMessage {
  return {
    id: appeal.id,
    strikeId: appeal.strikeId,
    accountId: appeal.accountId,
    text: appeal.text,
    state: appeal.state,
    createdAt: appeal.createdAt,
    resolvedAt: appeal.resolvedAt ?? undefined,
    resolvedByAccountId: appeal.resolvedByAccountId ?? undefined,
  };
}

export function strikeToProto({ strike, appeal, appealDeadline }: StrikeView): StrikeMessage {
  return {
    id: strike.id,
    targetAccountId: strike.targetAccountId,
    accountId: strike.accountId,
    action: strike.action,
    text: strike.text,
    reportId: strike.reportId ?? undefined,
    statusIds: strike.statusIds,
    createdAt: strike.createdAt,
    overruledAt: strike.overruledAt ?? undefined,
    appeal: appeal && appealToProto(appeal),
    appealDeadline,
  };
}

/** AccountActionsService: decode → use case → encode. */
export function accountActionsHandlers(deps: ModerationDeps): AsyncHandlers<AccountActionsServiceServer> {
  return {
    takeAccountAction: async (request, ctx) => {
      const strike = await takeAccountAction(deps, callerOf(ctx), request);
      return { strike: strike && strikeToProto({ strike, appeal: undefined, appealDeadline: appealDeadline(strike, deps.appealWindowMs) }) };
    },
    liftAccountAction: async (request, ctx) => {
      await liftAccountAction(deps, callerOf(ctx), request.accountId, request.type);
      return {};
    },
    reviewSignUp: async (request, ctx) => {
      await reviewSignUp(deps, callerOf(ctx), request.accountId, request.approve);
      return {};
    },
    deleteAccountData: async (request, ctx) => {
      await deleteAccountData(deps, callerOf(ctx), request.accountId);
      return {};
    },
  };
}

/** StrikesService: decode → use case → encode. */
export function strikesHandlers(deps: ModerationDeps): AsyncHandlers<StrikesServiceServer> {
  return {
    listStrikes: async (request, ctx) => ({ strikes: (await listOwnStrikes(deps, callerOf(ctx), request.page)).map(strikeToProto) }),
    getStrike: async (request, ctx) => strikeToProto(await getStrike(deps, callerOf(ctx), request.id)),
    appealStrike: async (request, ctx) => appealToProto(await appealStrike(deps, callerOf(ctx), request.strikeId, request.text)),
    listAppeals: async (request, ctx) => ({ appeals: (await listAppealsForStaff(deps, callerOf(ctx), request.state, request.page)).map(appealToProto) }),
    approveAppeal: async (request, ctx) => appealToProto(await resolveAppeal(deps, callerOf(ctx), request.id, true)),
    rejectAppeal: async (request, ctx) => appealToProto(await resolveAppeal(deps, callerOf(ctx), request.id, false)),
  };
}
