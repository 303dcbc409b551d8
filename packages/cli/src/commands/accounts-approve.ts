import { parseArgs } from "node:util";
import { RegistrationServiceClient } from "@starling/proto/accounts/v1/registration";
import { asOwner } from "./as-owner.ts";

/**
 * `starling accounts approve USERNAME`: approves a user who signed up while registrations need
 * approval (REGISTRATIONS_MODE=approved), like tootctl's `accounts approve`.
 */
export async function accountsApproveCommand(argv: string[]): Promise<void> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const username = positionals[0];
  if (!username) throw new Error("usage: starling accounts approve USERNAME");
  await asOwner(RegistrationServiceClient, async (client, viewerToken) => {
    const approved = await client.approveUser({ username: username.replace(/^@/, "") }, { viewerToken });
    console.log(`OK (account ${approved.accountId})`);
  });
}
