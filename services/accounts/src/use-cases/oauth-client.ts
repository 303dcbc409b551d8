import { invalidArgument, permissionDenied, unauthenticated, type ServiceError } from "@starling/runtime";
import { timingSafeEqual } from "node:crypto";
import { oauthMessage, type OauthErrorCode } from "../domain/oauth-errors.ts";
import { findAppByClientId, type OauthApp } from "../data/oauth-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/**
 * An OAuth failure as a service error. The gRPC code carries the HTTP status the gateway answers
 * (401 for client authentication, 403 for another client's token, 400/422 otherwise).
 */
export function oauthFailure(code: OauthErrorCode, detail?: string): ServiceError {
  const message = oauthMessage(code, detail);
  if (code === "invalid_client") return unauthenticated(message);
  if (code === "unauthorized_client") return permissionDenied(message);
  return invalidArgument(message);
}

/** The app whose client credentials these are, or invalid_client (also when the client sent none). */
export async function authenticateClient(deps: AccountsDeps, clientId: string | undefined, clientSecret: string | undefined): Promise<OauthApp> {
  const app = clientId === undefined ? undefined : await findAppByClientId(deps.db, clientId);
  if (!app || clientSecret === undefined || !sameSecret(app.clientSecret, clientSecret)) throw oauthFailure("invalid_client");
  return app;
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
