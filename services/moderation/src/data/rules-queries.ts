import type { Database, Transaction } from "@starling/db";
import type { Rule } from "../domain/rule.ts";

interface RuleRow {
  id: string;
  text: string;
  hint: string;
  priority: number;
  created_at: Date;
}

const toRule = (row: RuleRow): Rule => ({ id: String(row.id), text: row.text, hint: row.hint, priority: row.priority, createdAt: new Date(row.created_at) });

/** Live rules by priority, ties in creation order; only `ids` when given. */
export async function listRules(db: Database, ids?: readonly string[], trx?: Transaction): Promise<Rule[]> {
  const query = db.table("rules", trx).whereNull("deleted_at").orderBy([{ column: "priority" }, { column: "id" }]);
  if (ids) query.whereIn("id", ids);
  return (await query).map(toRule);
}

/** The live rule with this id. */
export async function findRule(db: Database, id: string, trx?: Transaction): Promise<Rule | undefined> {
  const row: RuleRow | undefined = await db.table("rules", trx).where({ id }).whereNull("deleted_at").first();
  return row && toRule(row);
}

/** The priority after every live rule's. */
export async function nextPriority(db: Database, trx: Transaction): Promise<number> {
  const row: { max: number | null } | undefined = await db.table("rules", trx).whereNull("deleted_at").max("priority as max").first();
  return row?.max === null || row?.max === undefined ? 0 : row.max + 1;
}

export async function insertRule(db: Database, trx: Transaction, rule: Rule): Promise<void> {
  await db.table("rules", trx).insert({ id: rule.id, text: rule.text, hint: rule.hint, priority: rule.priority, created_at: rule.createdAt, updated_at: rule.createdAt });
}

export async function updateRule(db: Database, trx: Transaction, rule: Rule, now: Date): Promise<void> {
  await db.table("rules", trx).where({ id: rule.id }).update({ text: rule.text, hint: rule.hint, priority: rule.priority, updated_at: now });
}

/** Takes a rule out of every listing; reports keep citing its id. */
export async function softDeleteRule(db: Database, trx: Transaction, id: string, now: Date): Promise<void> {
  await db.table("rules", trx).where({ id }).update({ deleted_at: now, updated_at: now });
}
