import { recordBlock } from "./block-account.ts";
import type { AccountsDeps } from "./deps.ts";
import { remoteEdge } from "./remote-edge.ts";
import { liftBlock } from "./unblock-account.ts";

type EdgeRequest = { accountId: string; targetAccountId: string };

/** An inbound Block: as a local block, follows and requests end both ways and block.created is written. */
export async function receiveBlock(deps: AccountsDeps, request: EdgeRequest): Promise<void> {
  const { remote, local } = await remoteEdge(deps, request, "account");
  await recordBlock(deps, remote.id, local.id);
}

/** An inbound Undo(Block): the block ends (block.removed); the follows it ended stay ended. */
export async function receiveUnblock(deps: AccountsDeps, request: EdgeRequest): Promise<void> {
  const { remote, local } = await remoteEdge(deps, request, "account");
  await liftBlock(deps, remote.id, local.id);
}
