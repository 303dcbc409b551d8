import type { Client } from "@grpc/grpc-js";
import { connectService, OPERATOR_ROLE, signViewer, type AsyncClient } from "@starling/runtime";
import { loadCliConfig } from "../cli-config.ts";
import { viewerSecret } from "../viewer-secret.ts";
import { accountsAddress } from "./accounts-create.ts";

/**
 * Runs `action` with a client of one of the accounts process's gRPC services and a viewer token of
 * the operator (every permission, above every role), as the CLI's admin commands act, reaching the service the way `accounts create` does.
 */
export async function asOwner<C extends Client>(
  clientClass: Parameters<typeof connectService<C>>[0],
  action: (client: AsyncClient<C>, viewerToken: string) => Promise<void>,
): Promise<void> {
  const config = loadCliConfig();
  const secret = viewerSecret(config.DATA_DIR, config.VIEWER_TOKEN_SECRET);
  const { address, stop } = await accountsAddress(config, secret);
  const client = connectService(clientClass, address, { deadlineMs: 15_000 });
  try {
    await action(client, await signViewer(secret, { role: OPERATOR_ROLE, scopes: ["admin:write"] }));
  } finally {
    client.close();
    await stop();
  }
}
