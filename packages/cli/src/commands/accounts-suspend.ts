import { parseArgs } from "node:util";
import { connectService, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { SecurityServiceClient } from "@starling/proto/accounts/v1/security";
import { loadCliConfig } from "../cli-config.ts";
import { viewerSecret } from "../viewer-secret.ts";
import { accountsAddress } from "./accounts-create.ts";

/**
 * `starling accounts suspend|unsuspend USERNAME`: suspends a local account (its tokens and sign-ins
 * are refused, it renders empty) or lifts the suspension, acting as the Owner. Reaches the accounts
 * service the way `accounts create` does.
 */
export function accountsSuspensionCommand(action: "suspend" | "unsuspend"): (argv: string[]) => Promise<void> {
  return async (argv) => {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
    const username = positionals[0];
    if (!username) throw new Error(`usage: starling accounts ${action} USERNAME`);
    const config = loadCliConfig();
    const secret = viewerSecret(config.DATA_DIR, config.VIEWER_TOKEN_SECRET);
    const { address, stop } = await accountsAddress(config, secret);
    const client = connectService(SecurityServiceClient, address, { deadlineMs: 15_000 });
    try {
      const viewerToken = await signViewer(secret, { role: OPERATOR_ROLE, scopes: ["admin:write"] });
      const request = { username: username.replace(/^@/, "") };
      const done = action === "suspend" ? await client.suspendAccount(request, { viewerToken }) : await client.unsuspendAccount(request, { viewerToken });
      console.log(`OK (account ${done.accountId})`);
    } finally {
      client.close();
      await stop();
    }
  };
}
