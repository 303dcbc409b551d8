import { permissionDenied, type Viewer } from "@starling/runtime";
import { findUserByAccountId, type User } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerAccountId } from "./get-relationships.ts";

/** The local user behind the viewer; UNAUTHENTICATED without one, PERMISSION_DENIED for non-users. */
export async function viewerUser(deps: AccountsDeps, viewer: Viewer | undefined): Promise<User> {
  const user = await findUserByAccountId(deps.db, viewerAccountId(viewer));
  if (!user) throw permissionDenied("This method requires a local user");
  return user;
}
