import { invalidArgument, notFound, type Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { insertEndorsement } from "../data/endorsements-queries.ts";
import { findEdge } from "../data/follows-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf, viewerAccountId } from "./get-relationships.ts";

/**
 * POST /api/v1/accounts/:id/pin: features an account the viewer follows on the viewer's profile.
 * Mastodon 4.0 sets no count limit, only that the viewer follows the account.
 */
export async function endorseAccount(deps: AccountsDeps, viewer: Viewer | undefined, targetId: string): Promise<Relationship> {
  const viewerId = viewerAccountId(viewer);
  const target = await findAccount(deps.db, targetId);
  if (!target) throw notFound();
  await deps.db.transaction(async (trx) => {
    // Checked in the same transaction as the insert, so an unfollow cannot slip in between.
    if (!(await findEdge(deps.db, "follows", viewerId, target.id, trx))) {
      throw invalidArgument("Validation failed: You must be already following the person you want to endorse");
    }
    await insertEndorsement(deps.db, trx, { id: deps.newId(), accountId: viewerId, targetId: target.id, createdAt: deps.now() });
  });
  const [relationship] = await relationshipsOf(deps, viewerId, [target.id]);
  return relationship!;
}
