import type { WarningPreset } from "@starling/proto/moderation/v1/warning_presets";

/** A warning preset as staff manage it (beyond Mastodon 4.0, after Mastodon's Admin::WarningPreset). */
export const presentWarningPreset = (preset: WarningPreset) => ({
  id: preset.id,
  title: preset.title,
  text: preset.text,
  created_at: preset.createdAt!.toISOString(),
  updated_at: preset.updatedAt!.toISOString(),
});
