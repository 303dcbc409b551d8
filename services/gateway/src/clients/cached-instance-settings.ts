import type { InstanceSettingsServiceClient } from "@starling/proto/moderation/v1/instance_settings";
import type { AsyncClient, Logger } from "@starling/runtime";
import { ReloadedCopy } from "../http/reloaded-copy.ts";

type SettingsClient = AsyncClient<InstanceSettingsServiceClient>;

/** The instance settings client every route uses, answering reads from this replica's copy. */
export type CachedInstanceSettings = SettingsClient & {
  /** Staff changed the settings (instance_settings.updated): the next read asks moderation again. */
  invalidate(): void;
};

/**
 * Wraps moderation's instance settings client so that reading the settings (trends_enabled,
 * peers_visible, the instance description) costs no call per request: the copy is read on first
 * use, again after a change (announced by moderation, or made through this replica) and at least
 * every `maxAgeMs`.
 */
export function cacheInstanceSettings(client: SettingsClient, options: { maxAgeMs: number; logger: Logger }): CachedInstanceSettings {
  const copy = new ReloadedCopy({ load: () => client.getInstanceSettings({}), maxAgeMs: options.maxAgeMs, logger: options.logger, what: "instance settings" });
  return {
    getInstanceSettings: () => copy.get(),
    async updateInstanceSettings(request, callOptions) {
      try {
        return await client.updateInstanceSettings(request, callOptions);
      } finally {
        copy.invalidate();
      }
    },
    invalidate: () => copy.invalidate(),
    close: () => client.close(),
  };
}
