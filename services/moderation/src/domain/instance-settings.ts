import { invalidArgument } from "@starling/runtime";

/** The instance settings staff edit; absent text settings fall back to the defaults of each reader. */
export interface InstanceSettings {
  title?: string | undefined;
  contactUsername?: string | undefined;
  contactEmail?: string | undefined;
  shortDescription?: string | undefined;
  /** Markdown. */
  extendedDescription?: string | undefined;
  /** Markdown. */
  privacyPolicy?: string | undefined;
  thumbnailUrl?: string | undefined;
  registrationsMode?: RegistrationsMode | undefined;
  peersVisible: boolean;
  trendsEnabled: boolean;
  /** Sign-up checks the e-mail domain's mail servers against the e-mail domain blocks too (default off). */
  emailMxCheck: boolean;
  extendedDescriptionUpdatedAt?: Date | undefined;
  privacyPolicyUpdatedAt?: Date | undefined;
}

export const REGISTRATIONS_MODES = ["open", "approved", "none"] as const;
export type RegistrationsMode = (typeof REGISTRATIONS_MODES)[number];

/** The settings' keys, as stored, the command line names them, and as GET /api/v1/admin/instance shows them. */
export const SETTING_KEYS = {
  title: "title",
  contactUsername: "contact_username",
  contactEmail: "contact_email",
  shortDescription: "short_description",
  extendedDescription: "extended_description",
  privacyPolicy: "privacy_policy",
  thumbnailUrl: "thumbnail_url",
  registrationsMode: "registrations_mode",
  peersVisible: "peers_visible",
  trendsEnabled: "trends_enabled",
  emailMxCheck: "email_mx_check",
} as const;

export type SettingName = keyof typeof SETTING_KEYS;

/** A change of some settings: a text value of "" clears it. */
export type SettingsChange = { [K in SettingName]?: K extends "peersVisible" | "trendsEnabled" | "emailMxCheck" ? boolean : string };

const LIMITS: Partial<Record<SettingName, number>> = { title: 200, contactUsername: 30, contactEmail: 320, shortDescription: 500, thumbnailUrl: 2048, extendedDescription: 100_000, privacyPolicy: 100_000 };

/** Checks one setting's value (422 for a bad one); "" stays "" (cleared). */
export function checkedSetting(name: SettingName, value: string | boolean): string | boolean {
  if (typeof value === "boolean") return value;
  const text = name === "extendedDescription" || name === "privacyPolicy" ? value : value.trim();
  const limit = LIMITS[name];
  if (limit !== undefined && text.length > limit) throw invalidArgument(`${SETTING_KEYS[name]} is too long (at most ${limit} characters)`);
  if (text === "") return text;
  if (name === "registrationsMode" && !(REGISTRATIONS_MODES as readonly string[]).includes(text)) throw invalidArgument("registrations_mode must be open, approved or none");
  if (name === "contactEmail" && !/^[^\s@]+@[^\s@]+$/.test(text)) throw invalidArgument("contact_email is not an e-mail address");
  if (name === "contactUsername" && !/^[A-Za-z0-9_]+$/.test(text)) throw invalidArgument("contact_username is not a username");
  if (name === "thumbnailUrl" && !/^https?:\/\/[^\s]+$/.test(text)) throw invalidArgument("thumbnail_url must be an http(s) URL");
  return text;
}
