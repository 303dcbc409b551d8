import { isId } from "@starling/paging";
import { notFound } from "@starling/runtime";
import { deleteWarningPresetRow, findWarningPreset, insertWarningPreset, listWarningPresets, updateWarningPreset } from "../data/warning-presets-queries.ts";
import { requireStaff } from "../domain/staff.ts";
import { checkedPresetText, type WarningPreset } from "../domain/warning-preset.ts";
import { recordAudit } from "./audit-log.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

/** Every preset (staff who manage settings keep them; any action may name one by id). */
export async function getWarningPresets(deps: ModerationDeps, caller: Caller): Promise<WarningPreset[]> {
  requireStaff(caller, "manage_settings");
  return listWarningPresets(deps.db);
}

/** One preset; NOT_FOUND for an unknown id. */
export async function getWarningPreset(deps: ModerationDeps, caller: Caller, id: string): Promise<WarningPreset> {
  requireStaff(caller, "manage_settings");
  return existingPreset(deps, id);
}

/** Adds a preset. */
export async function createWarningPreset(deps: ModerationDeps, caller: Caller, input: { text: string; title?: string | undefined }): Promise<WarningPreset> {
  const staffId = requireStaff(caller, "manage_settings");
  const now = deps.now();
  const preset: WarningPreset = { id: deps.newId(), title: input.title?.trim() ?? "", text: checkedPresetText(input.text), createdAt: now, updatedAt: now };
  await deps.db.transaction(async (trx) => {
    await insertWarningPreset(deps.db, trx, preset);
    await recordAudit(deps, trx, { accountId: staffId, action: "account_warning_preset.create", targetType: "AccountWarningPreset", targetId: preset.id, summary: preset.title || undefined });
  });
  return preset;
}

/** Changes what is given of a preset's title and text. */
export async function changeWarningPreset(deps: ModerationDeps, caller: Caller, id: string, input: { text?: string | undefined; title?: string | undefined }): Promise<WarningPreset> {
  const staffId = requireStaff(caller, "manage_settings");
  const existing = await existingPreset(deps, id);
  const preset: WarningPreset = {
    ...existing,
    title: input.title === undefined ? existing.title : input.title.trim(),
    text: input.text === undefined ? existing.text : checkedPresetText(input.text),
    updatedAt: deps.now(),
  };
  await deps.db.transaction(async (trx) => {
    await updateWarningPreset(deps.db, trx, preset);
    await recordAudit(deps, trx, { accountId: staffId, action: "account_warning_preset.update", targetType: "AccountWarningPreset", targetId: id, summary: preset.title || undefined });
  });
  return preset;
}

/** Removes a preset; strikes made with it keep their text. */
export async function deleteWarningPreset(deps: ModerationDeps, caller: Caller, id: string): Promise<void> {
  const staffId = requireStaff(caller, "manage_settings");
  const existing = await existingPreset(deps, id);
  await deps.db.transaction(async (trx) => {
    await deleteWarningPresetRow(deps.db, trx, id);
    await recordAudit(deps, trx, { accountId: staffId, action: "account_warning_preset.destroy", targetType: "AccountWarningPreset", targetId: id, summary: existing.title || undefined });
  });
}

/** The preset with this id; NOT_FOUND otherwise (a malformed id included). */
export async function existingPreset(deps: ModerationDeps, id: string): Promise<WarningPreset> {
  const preset = isId(id) ? await findWarningPreset(deps.db, id) : undefined;
  if (!preset) throw notFound();
  return preset;
}
