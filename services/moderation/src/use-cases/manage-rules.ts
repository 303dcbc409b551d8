import { isId } from "@starling/paging";
import { notFound } from "@starling/runtime";
import { findRule, insertRule, listRules, nextPriority, softDeleteRule, updateRule } from "../data/rules-queries.ts";
import { checkedRuleText, type Rule } from "../domain/rule.ts";
import { requireStaff } from "../domain/staff.ts";
import { recordAudit } from "./audit-log.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

/** The server's rules, by priority; only those of `ids` (ids that are no rule are left out) when given. */
export async function getRules(deps: ModerationDeps, ids: readonly string[] = []): Promise<Rule[]> {
  if (ids.length === 0) return listRules(deps.db);
  const valid = ids.filter(isId);
  return valid.length ? listRules(deps.db, valid) : [];
}

/** Adds a rule, by default after every other. */
export async function createRule(deps: ModerationDeps, caller: Caller, input: { text: string; hint?: string | undefined; priority?: number | undefined }): Promise<Rule> {
  const staffId = requireStaff(caller, "manage_rules");
  const text = checkedRuleText(input.text);
  return deps.db.transaction(async (trx) => {
    const rule: Rule = { id: deps.newId(), text, hint: input.hint?.trim() ?? "", priority: input.priority ?? (await nextPriority(deps.db, trx)), createdAt: deps.now() };
    await insertRule(deps.db, trx, rule);
    await recordAudit(deps, trx, { accountId: staffId, action: "rule.create", targetType: "Rule", targetId: rule.id, summary: rule.text });
    return rule;
  });
}

/** Changes what is given of a rule's text, hint and priority. */
export async function changeRule(deps: ModerationDeps, caller: Caller, id: string, input: { text?: string | undefined; hint?: string | undefined; priority?: number | undefined }): Promise<Rule> {
  const staffId = requireStaff(caller, "manage_rules");
  return deps.db.transaction(async (trx) => {
    const existing = isId(id) ? await findRule(deps.db, id, trx) : undefined;
    if (!existing) throw notFound();
    const rule: Rule = {
      ...existing,
      text: input.text === undefined ? existing.text : checkedRuleText(input.text),
      hint: input.hint === undefined ? existing.hint : input.hint.trim(),
      priority: input.priority ?? existing.priority,
    };
    await updateRule(deps.db, trx, rule, deps.now());
    await recordAudit(deps, trx, { accountId: staffId, action: "rule.update", targetType: "Rule", targetId: rule.id, summary: rule.text });
    return rule;
  });
}

/** Removes a rule from the listings. */
export async function deleteRule(deps: ModerationDeps, caller: Caller, id: string): Promise<void> {
  const staffId = requireStaff(caller, "manage_rules");
  await deps.db.transaction(async (trx) => {
    const existing = isId(id) ? await findRule(deps.db, id, trx) : undefined;
    if (!existing) throw notFound();
    await softDeleteRule(deps.db, trx, id, deps.now());
    await recordAudit(deps, trx, { accountId: staffId, action: "rule.destroy", targetType: "Rule", targetId: id, summary: existing.text });
  });
}
