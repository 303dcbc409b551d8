/** Creating, renaming and deleting lists (Mastodon's Api::V1::ListsController). */
import { isId } from "@starling/paging";
import { invalidArgument, notFound } from "@starling/runtime";
import { DEFAULT_REPLIES_POLICY, isRepliesPolicy, LISTS_PER_ACCOUNT, type List, type RepliesPolicy } from "../domain/list.ts";
import { lockAuthor } from "../data/author-lock.ts";
import { countListsOf, deleteList, insertList, ownedList, updateList } from "../data/lists-queries.ts";
import { listFeeds } from "../data/list-feed-store.ts";
import type { FeedDeps } from "./feed-deps.ts";
import type { ListsDeps } from "./lists-deps.ts";

/** A list's editable fields as a request gives them; absent keeps (or defaults) the value. */
export interface ListFields {
  title?: string | undefined;
  repliesPolicy?: string | undefined;
}

/** The owner's list, or NOT_FOUND: another account's list is answered as if it did not exist. */
export async function requireOwnedList(deps: FeedDeps, ownerId: string, listId: string): Promise<List> {
  const list = isId(listId) ? await ownedList(deps.db, ownerId, listId) : undefined;
  if (!list) throw notFound();
  return list;
}

/** Creates a list; at most {@link LISTS_PER_ACCOUNT} an account. */
export async function createList(deps: ListsDeps, ownerId: string, fields: ListFields): Promise<List> {
  const list: List = { id: deps.newId(), accountId: ownerId, title: validTitle(fields.title), repliesPolicy: validPolicy(fields.repliesPolicy ?? DEFAULT_REPLIES_POLICY) };
  await deps.db.transaction(async (trx) => {
    await lockAuthor(trx, ownerId); // counts and inserts one creation at a time per owner
    if ((await countListsOf(deps.db, trx, ownerId)) >= LISTS_PER_ACCOUNT) throw invalidArgument("Validation failed: You have reached the maximum number of lists");
    await insertList(deps.db, trx, list, deps.now());
  });
  return list;
}

/** Changes a list's title and replies policy; the feed is kept (Mastodon does not rebuild it either). */
export async function changeList(deps: FeedDeps, ownerId: string, listId: string, fields: ListFields): Promise<List> {
  const list = await requireOwnedList(deps, ownerId, listId);
  const changed: List = {
    ...list,
    title: fields.title === undefined ? list.title : validTitle(fields.title),
    repliesPolicy: fields.repliesPolicy === undefined ? list.repliesPolicy : validPolicy(fields.repliesPolicy),
  };
  await updateList(deps.db, changed);
  return changed;
}

/** Deletes a list, its members and its feed. */
export async function removeList(deps: FeedDeps, ownerId: string, listId: string): Promise<void> {
  const list = await requireOwnedList(deps, ownerId, listId);
  await deleteList(deps.db, list.id);
  await listFeeds.dropFeed(deps.kv, list.id);
}

function validTitle(title: string | undefined): string {
  const trimmed = title?.trim() ?? "";
  if (trimmed === "") throw invalidArgument("Validation failed: Title can't be blank");
  return trimmed;
}

function validPolicy(policy: string): RepliesPolicy {
  if (!isRepliesPolicy(policy)) throw invalidArgument(`Validation failed: Replies policy '${policy}' is not a valid replies_policy (followed, list or none)`);
  return policy;
}
