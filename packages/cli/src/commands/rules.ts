import { parseArgs } from "node:util";
import { moderationEnv, startModerationService } from "@starling/moderation";
import { RulesServiceClient } from "@starling/proto/moderation/v1/rules";
import { connectService, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { reachServices } from "./reach-services.ts";

const USAGE = "usage: starling rules add TEXT [--hint H] [--priority N] | rules list | rules remove ID";

/**
 * `starling rules add|list|remove`: manages the server rules as the Owner, through the moderation
 * service (the running one, or one started here for the command).
 */
export function rulesCommand(action: "add" | "list" | "remove"): (argv: string[]) => Promise<void> {
  return async (argv) => {
    const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { hint: { type: "string" }, priority: { type: "string" } } });
    if (action !== "list" && !positionals[0]) throw new Error(USAGE);
    const priority = values.priority === undefined ? undefined : Number(values.priority);
    if (priority !== undefined && !Number.isInteger(priority)) throw new Error("--priority must be a whole number");
    const reached = await reachServices({
      moderation: { addressSetting: "MODERATION_GRPC_URL", startHere: (env, context, infra) => startModerationService(moderationEnv.parse(env), context, infra, { relay: false, webhooks: false }) },
    });
    const client = connectService(RulesServiceClient, reached.addresses.moderation, { deadlineMs: 15_000 });
    try {
      const viewerToken = await signViewer(reached.secret, { accountId: "0", role: OPERATOR_ROLE, scopes: ["admin:write"] });
      if (action === "add") {
        const rule = await client.createRule({ text: positionals.join(" "), hint: values.hint, priority }, { viewerToken });
        console.log(`OK (rule ${rule.id})`);
      } else if (action === "remove") {
        await client.deleteRule({ id: positionals[0]! }, { viewerToken });
        console.log("OK");
      } else {
        for (const rule of (await client.listRules({ ids: [] })).rules) console.log(`${rule.id}\t${rule.priority}\t${rule.text}${rule.hint ? `\t(${rule.hint})` : ""}`);
      }
    } finally {
      client.close();
      await reached.stop();
    }
  };
}
