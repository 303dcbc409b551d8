import type { Rule as RuleMessage, RulesServiceServer } from "@starling/proto/moderation/v1/rules";
import type { AsyncHandlers } from "@starling/runtime";
import type { Rule } from "../domain/rule.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { changeRule, createRule, deleteRule, getRules } from "../use-cases/manage-rules.ts";
import { callerOf } from "./caller-of.ts";

export const ruleToProto = (rule: Rule): RuleMessage => ({ id: rule.id, text: rule.text, hint: rule.hint, priority: rule.priority, createdAt: rule.createdAt });

/** RulesService: decode → use case → encode. */
export function rulesHandlers(deps: ModerationDeps): AsyncHandlers<RulesServiceServer> {
  return {
    async listRules(request) {
      return { rules: (await getRules(deps, request.ids)).map(ruleToProto) };
    },
    async createRule(request, ctx) {
      return ruleToProto(await createRule(deps, callerOf(ctx), request));
    },
    async updateRule(request, ctx) {
      const { id, ...changes } = request;
      return ruleToProto(await changeRule(deps, callerOf(ctx), id, changes));
    },
    async deleteRule(request, ctx) {
      await deleteRule(deps, callerOf(ctx), request.id);
      return {};
    },
  };
}
