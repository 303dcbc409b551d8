import { notFound, type Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { deleteEndorsement } from "../data/endorsements-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf, viewerAccountId } from "./get-relationships.ts";

/** POST /api/v1/accounts/:id/unpin: stops featuring an account; harmless when it was not. */
export async function unendorseAccount(deps: AccountsDeps, viewer: Viewer | undefined, targetId: string): Promise<Relationship> {
  const viewerId = viewerAccountId(viewer);
  const target = await findAccount(deps.db, targetId);
  if (!target) throw notFound();
  await deleteEndorsement(deps.db, viewerId, target.id);
  const [relationship] = await relationshipsOf(deps, viewerId, [target.id]);
  return relationship!;
}
