import type { InstanceSettingsServiceServer } from "@starling/proto/moderation/v1/instance_settings";
import type { AsyncHandlers } from "@starling/runtime";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { getInstanceSettings, updateInstanceSettings } from "../use-cases/instance-settings.ts";
import { callerOf } from "./caller-of.ts";

/** InstanceSettingsService: decode → use case → encode (the domain record is the message's shape). */
export function instanceSettingsHandlers(deps: ModerationDeps): AsyncHandlers<InstanceSettingsServiceServer> {
  return {
    getInstanceSettings: async () => getInstanceSettings(deps),
    updateInstanceSettings: async (request, ctx) => updateInstanceSettings(deps, callerOf(ctx), request),
  };
}
