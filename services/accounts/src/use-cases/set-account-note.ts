import { invalidArgument, notFound, type Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { deleteNote, upsertNote } from "../data/account-notes-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf, viewerAccountId } from "./get-relationships.ts";

/** Longest private note, in characters (Mastodon's AccountNote). */
export const NOTE_MAX_LENGTH = 2000;

/**
 * POST /api/v1/accounts/:id/note: the viewer's private note on an account, shown only to the
 * viewer in the relationship. A blank comment deletes the note.
 */
export async function setAccountNote(deps: AccountsDeps, viewer: Viewer | undefined, targetId: string, comment: string): Promise<Relationship> {
  const viewerId = viewerAccountId(viewer);
  const target = await findAccount(deps.db, targetId);
  if (!target) throw notFound();
  // Counted in code points, not UTF-16 units, so an emoji counts once.
  if ([...comment].length > NOTE_MAX_LENGTH) throw invalidArgument(`Validation failed: Comment is too long (maximum is ${NOTE_MAX_LENGTH} characters)`);
  if (comment.trim() === "") await deleteNote(deps.db, viewerId, target.id);
  else await upsertNote(deps.db, { id: deps.newId(), accountId: viewerId, targetId: target.id, comment, at: deps.now() });
  const [relationship] = await relationshipsOf(deps, viewerId, [target.id]);
  return relationship!;
}
