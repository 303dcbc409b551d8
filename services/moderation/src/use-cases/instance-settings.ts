import { enqueueEvents, outboxEvent } from "@starling/events";
import { readSettings, writeSettings } from "../data/instance-settings-queries.ts";
import { checkedSetting, SETTING_KEYS, type InstanceSettings, type RegistrationsMode, type SettingName, type SettingsChange } from "../domain/instance-settings.ts";
import { requireStaff } from "../domain/staff.ts";
import type { Database, Transaction } from "@starling/db";
import { recordAudit } from "./audit-log.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

async function load(db: Database, trx?: Transaction): Promise<InstanceSettings> {
  const stored = await readSettings(db, trx);
  const text = (name: SettingName) => stored.get(SETTING_KEYS[name])?.value as string | undefined;
  const flag = (name: SettingName, fallback = true) => (stored.get(SETTING_KEYS[name])?.value as boolean | undefined) ?? fallback;
  return {
    title: text("title"),
    contactUsername: text("contactUsername"),
    contactEmail: text("contactEmail"),
    shortDescription: text("shortDescription"),
    extendedDescription: text("extendedDescription"),
    privacyPolicy: text("privacyPolicy"),
    thumbnailUrl: text("thumbnailUrl"),
    registrationsMode: text("registrationsMode") as RegistrationsMode | undefined,
    peersVisible: flag("peersVisible"),
    trendsEnabled: flag("trendsEnabled"),
    emailMxCheck: flag("emailMxCheck", false),
    extendedDescriptionUpdatedAt: stored.get(SETTING_KEYS.extendedDescription)?.updatedAt,
    privacyPolicyUpdatedAt: stored.get(SETTING_KEYS.privacyPolicy)?.updatedAt,
  };
}

/** The instance settings; public (the instance description shows them). */
export const getInstanceSettings = (deps: ModerationDeps) => load(deps.db);

/**
 * Changes the settings given (manage_settings), with an audit entry; every change is announced
 * (instance_settings.updated), so the gateways reload their copies, and carries the registration
 * mode and the MX check for accounts, which governs sign-up.
 */
export async function updateInstanceSettings(deps: ModerationDeps, caller: Caller, change: SettingsChange): Promise<InstanceSettings> {
  const staffId = requireStaff(caller, "manage_settings");
  const values = new Map<string, unknown>();
  for (const [name, value] of Object.entries(change) as [SettingName, string | boolean | undefined][]) {
    if (value === undefined) continue;
    const checked = checkedSetting(name, value);
    values.set(SETTING_KEYS[name], checked === "" ? undefined : checked);
  }
  const now = deps.now();
  const settings = await deps.db.transaction(async (trx) => {
    await writeSettings(deps.db, trx, values, now);
    await recordAudit(deps, trx, { accountId: staffId, action: "settings.update", targetType: "Settings", targetId: "0", summary: [...values.keys()].join(", ") });
    const updated = await load(deps.db, trx);
    if (values.size > 0) {
      const signUp = { registrationsMode: updated.registrationsMode, emailMxCheck: updated.emailMxCheck, updatedAt: now };
      await enqueueEvents(deps.db, trx, [outboxEvent("moderation", "instance_settings.updated", "instance", signUp)]);
    }
    return updated;
  });
  deps.nudgeRelay();
  return settings;
}
