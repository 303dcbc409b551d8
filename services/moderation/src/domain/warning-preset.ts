import { invalidArgument } from "@starling/runtime";

/** A text staff keep for account actions (Mastodon's Admin::WarningPreset). */
export interface WarningPreset {
  id: string;
  title: string;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A preset's text, trimmed; refused when empty (Mastodon validates its presence). */
export function checkedPresetText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw invalidArgument("Validation failed: Text can't be blank");
  return trimmed;
}

/**
 * The text of an action taken with a preset: the preset's text, then the moderator's own below it,
 * as Mastodon joins them (either alone when the other is empty).
 */
export function presetActionText(preset: WarningPreset, text: string): string {
  return text.trim() ? `${preset.text}\n\n${text}` : preset.text;
}
