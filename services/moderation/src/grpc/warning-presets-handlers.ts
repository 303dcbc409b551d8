import type { WarningPreset as PresetMessage, WarningPresetsServiceServer } from "@starling/proto/moderation/v1/warning_presets";
import type { AsyncHandlers } from "@starling/runtime";
import type { WarningPreset } from "../domain/warning-preset.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { changeWarningPreset, createWarningPreset, deleteWarningPreset, getWarningPreset, getWarningPresets } from "../use-cases/manage-warning-presets.ts";
import { callerOf } from "./caller-of.ts";

const presetToProto = (preset: WarningPreset): PresetMessage => ({ ...preset });

/** WarningPresetsService: decode → use case → encode. */
export function warningPresetsHandlers(deps: ModerationDeps): AsyncHandlers<WarningPresetsServiceServer> {
  return {
    listWarningPresets: async (_request, ctx) => ({ warningPresets: (await getWarningPresets(deps, callerOf(ctx))).map(presetToProto) }),
    getWarningPreset: async (request, ctx) => presetToProto(await getWarningPreset(deps, callerOf(ctx), request.id)),
    createWarningPreset: async (request, ctx) => presetToProto(await createWarningPreset(deps, callerOf(ctx), request)),
    updateWarningPreset: async ({ id, ...changes }, ctx) => presetToProto(await changeWarningPreset(deps, callerOf(ctx), id, changes)),
    async deleteWarningPreset(request, ctx) {
      await deleteWarningPreset(deps, callerOf(ctx), request.id);
      return {};
    },
  };
}
