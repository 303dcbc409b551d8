import { parseArgs } from "node:util";
import { SecurityServiceClient } from "@starling/proto/accounts/v1/security";
import { asOwner } from "./as-owner.ts";

/**
 * `starling accounts delete USERNAME`: deletes a local account for good, like tootctl's `accounts
 * delete`: its posts and relationships go, its username stays reserved. Acts as the operator, whose
 * role ranks above every role (as tootctl, it may delete any local account).
 */
export async function accountsDeleteCommand(argv: string[]): Promise<void> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const username = positionals[0];
  if (!username) throw new Error("usage: starling accounts delete USERNAME");
  await asOwner(SecurityServiceClient, async (client, viewerToken) => {
    const deleted = await client.deleteAccount({ username: username.replace(/^@/, "") }, { viewerToken });
    console.log(`OK (account ${deleted.accountId} deleted)`);
  });
}
