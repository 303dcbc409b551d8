import type { Account, ProfileImage } from "../domain/account.ts";
import type { ProfileField } from "../domain/profile-fields.ts";

/** The profile columns of the accounts table (migration 0007) as rows hold them. */
export interface ProfileColumns {
  fields: string;
  note_source: string;
  emoji_shortcodes: string;
  moved_to_account_id: string | null;
  moved_at: Date | string | null;
  avatar_url: string | null;
  avatar_static_url: string | null;
  header_url: string | null;
  header_static_url: string | null;
  also_known_as: string;
}

const image = (url: string | null | undefined, staticUrl: string | null | undefined): ProfileImage | null => (url ? { url, staticUrl: staticUrl || url } : null);

interface StoredField {
  name: string;
  value: string;
  verified_at: string | null;
}

/** Fields as the JSON column stores them. */
export function fieldsToJson(fields: readonly ProfileField[]): string {
  return JSON.stringify(fields.map((f): StoredField => ({ name: f.name, value: f.value, verified_at: f.verifiedAt?.toISOString() ?? null })));
}

function fieldsFromJson(json: string | undefined): ProfileField[] {
  const stored = JSON.parse(json || "[]") as StoredField[];
  return stored.map((f) => ({ name: f.name, value: f.value, verifiedAt: f.verified_at ? new Date(f.verified_at) : null }));
}

/** The profile part of an Account from its row. */
export function profileFromRow(row: Partial<ProfileColumns>): Pick<Account, "fields" | "noteSource" | "emojiShortcodes" | "movedToAccountId" | "movedAt" | "avatar" | "header" | "alsoKnownAs"> {
  return {
    fields: fieldsFromJson(row.fields),
    noteSource: row.note_source ?? "",
    emojiShortcodes: JSON.parse(row.emoji_shortcodes || "[]") as string[],
    movedToAccountId: row.moved_to_account_id ? String(row.moved_to_account_id) : null,
    movedAt: row.moved_at ? new Date(row.moved_at) : null,
    avatar: image(row.avatar_url, row.avatar_static_url),
    header: image(row.header_url, row.header_static_url),
    alsoKnownAs: JSON.parse(row.also_known_as || "[]") as string[],
  };
}

/** The profile columns to write for an Account; members it does not set keep the column defaults. */
export function profileToRow(account: Account): Partial<ProfileColumns> {
  const row: Partial<ProfileColumns> = {};
  if (account.fields) row.fields = fieldsToJson(account.fields);
  if (account.noteSource !== undefined) row.note_source = account.noteSource;
  if (account.emojiShortcodes) row.emoji_shortcodes = JSON.stringify(account.emojiShortcodes);
  if (account.movedToAccountId !== undefined) row.moved_to_account_id = account.movedToAccountId;
  if (account.movedAt !== undefined) row.moved_at = account.movedAt;
  if (account.avatar !== undefined) Object.assign(row, imageColumns("avatar", account.avatar));
  if (account.header !== undefined) Object.assign(row, imageColumns("header", account.header));
  if (account.alsoKnownAs) row.also_known_as = JSON.stringify(account.alsoKnownAs);
  return row;
}

/** The two columns of an avatar or header. */
export function imageColumns(which: "avatar" | "header", value: ProfileImage | null): Partial<ProfileColumns> {
  return { [`${which}_url`]: value?.url ?? null, [`${which}_static_url`]: value?.staticUrl ?? null };
}
