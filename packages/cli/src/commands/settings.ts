import { moderationEnv, SETTING_KEYS, startModerationService } from "@starling/moderation";
import { InstanceSettingsServiceClient, type InstanceSettings, type UpdateInstanceSettingsRequest } from "@starling/proto/moderation/v1/instance_settings";
import { connectService, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { reachServices } from "./reach-services.ts";

const NAMES = Object.entries(SETTING_KEYS) as [keyof typeof SETTING_KEYS, string][];
const USAGE = `usage: starling settings get [KEY] | settings set KEY VALUE (KEY: ${NAMES.map(([, key]) => key).join(", ")}; "" clears a text setting)`;
const FLAGS = new Set(["peersVisible", "trendsEnabled", "emailMxCheck"]);

/** A command-line value as the setting's type: true/false for the switches, text for the rest. */
function settingValue(name: string, value: string): string | boolean {
  if (!FLAGS.has(name)) return value;
  if (value !== "true" && value !== "false") throw new Error(`${SETTING_KEYS[name as keyof typeof SETTING_KEYS]} is true or false`);
  return value === "true";
}

const printed = (settings: InstanceSettings, only?: string) => {
  for (const [name, key] of NAMES) if (!only || only === key) console.log(`${key}\t${JSON.stringify(settings[name] ?? null)}`);
};

/**
 * `starling settings get|set`: reads or changes the instance settings (as the Owner) through the
 * moderation service, the running one or one started here for the command; a change made while the
 * server is down is announced when it starts (the outbox keeps it).
 */
export function settingsCommand(action: "get" | "set"): (argv: string[]) => Promise<void> {
  return async (argv) => {
    const [key, ...rest] = argv;
    const name = NAMES.find(([, k]) => k === key)?.[0];
    if ((action === "set" && (!name || rest.length === 0)) || (action === "get" && key !== undefined && !name)) throw new Error(USAGE);
    const reached = await reachServices({
      moderation: { addressSetting: "MODERATION_GRPC_URL", startHere: (env, context, infra) => startModerationService(moderationEnv.parse(env), context, infra, { relay: false, webhooks: false }) },
    });
    const client = connectService(InstanceSettingsServiceClient, reached.addresses.moderation, { deadlineMs: 15_000 });
    try {
      if (action === "get") return printed(await client.getInstanceSettings({}), key);
      const viewerToken = await signViewer(reached.secret, { accountId: "0", role: OPERATOR_ROLE, scopes: ["admin:write"] });
      const change = { [name!]: settingValue(name!, rest.join(" ")) } as UpdateInstanceSettingsRequest;
      printed(await client.updateInstanceSettings(change, { viewerToken }), key);
    } finally {
      client.close();
      await reached.stop();
    }
  };
}
