import type { Context, InboxContext } from "@fedify/fedify";
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Announce, Like, Undo } from "@fedify/fedify/vocab";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import type { FederationContextData } from "../fedify/federation.ts";
import { dropped } from "./inbox-log.ts";
import { findAccountByUri, resolveRemoteAccount } from "../remote/resolve-actor.ts";

type Ctx = Context<FederationContextData>;

// Answers that say the activity cannot apply (gone, not allowed, already undone): a retry would
// get the same answer, so the activity is dropped rather than failed (Fedify retries failures).
const REFUSALS = new Set([GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT, GrpcStatus.FAILED_PRECONDITION, GrpcStatus.PERMISSION_DENIED, GrpcStatus.ALREADY_EXISTS]);

/** Runs an RPC whose refusal ends the activity (logged as dropped); outages and bugs still fail it. */
export async function unlessRefused<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (!REFUSALS.has((error as { code?: number }).code ?? -1)) throw error;
    dropped(`refused: ${(error as Error).message}`);
    return undefined;
  }
}

/** The sender's account, fetched when unknown; null when its actor cannot be had. */
export async function senderAccount(ctx: Ctx, actorId: URL | null): Promise<Account | null> {
  return actorId ? ((await unlessRefused(resolveRemoteAccount(ctx, actorId))) ?? null) : null;
}

/** The stored status (local or remote, not deleted) with this URI, if any. */
export async function statusByUri(ctx: Ctx, uri: URL | null): Promise<Status | null> {
  if (!uri) return null;
  const { statuses } = await ctx.data.federatedStatuses.findStatusesByUri({ uris: [uri.href] });
  return statuses.find((status) => status.uri === uri.href) ?? null;
}

/** Undo of the sender's Announce: its reblog, found by the Announce's id, goes. */
export async function onUndoAnnounce(ctx: InboxContext<FederationContextData>, undo: Undo, announce: Announce): Promise<void> {
  if (!announce.id || !undo.actorId || announce.actorId?.href !== undo.actorId.href) return dropped("an Announce of another actor, or without an id");
  // Nothing to undo for an actor never seen here.
  const account = await findAccountByUri(ctx.data, undo.actorId.href);
  if (!account) return dropped("the sender is not known here");
  await unlessRefused(ctx.data.federatedStatuses.receiveUnreblog({ accountId: account.id, uri: announce.id.href }));
}

/** Undo of the sender's Like of a local status. */
export async function onUndoLike(ctx: InboxContext<FederationContextData>, undo: Undo, like: Like): Promise<void> {
  if (!undo.actorId || like.actorId?.href !== undo.actorId.href) return dropped("a Like of another actor");
  const status = await statusByUri(ctx, like.objectId);
  if (!status?.local) return dropped("a Like of a post that is not local");
  const account = await findAccountByUri(ctx.data, undo.actorId.href);
  if (!account) return dropped("the sender could not be resolved");
  await unlessRefused(ctx.data.federatedStatuses.receiveUnfavourite({ accountId: account.id, statusId: status.id }));
}
