import { SignJWT, jwtVerify } from "jose";
import type { Metadata } from "@grpc/grpc-js";

/** Metadata key carrying the signed viewer from the gateway to services. */
export const VIEWER_METADATA_KEY = "x-starling-viewer";

/**
 * Who is calling: the account behind the OAuth token (absent for app-only tokens), the app, the
 * token's scopes and the account's role. Services trust it only after checking its signature.
 */
export interface Viewer {
  accountId?: string;
  appId?: string;
  /** The app's name and website ("" for none), known to the gateway; statuses record them as their application. */
  appName?: string;
  appWebsite?: string;
  tokenId?: string;
  scopes: string[];
  role?: string;
}

const ISSUER = "starling-gateway";
const encoder = new TextEncoder();

/** Signs a viewer as a short-lived HS256 JWT (60 s: one request's worth, not a session). */
export async function signViewer(secret: string, viewer: Viewer): Promise<string> {
  return new SignJWT({ ...viewer })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime("60s")
    .sign(encoder.encode(secret));
}

/** Verifies a signed viewer; throws when the signature, issuer or expiry is wrong. */
export async function verifyViewer(secret: string, token: string): Promise<Viewer> {
  const { payload } = await jwtVerify(token, encoder.encode(secret), { issuer: ISSUER, algorithms: ["HS256"] });
  return {
    accountId: typeof payload.accountId === "string" ? payload.accountId : undefined,
    appId: typeof payload.appId === "string" ? payload.appId : undefined,
    tokenId: typeof payload.tokenId === "string" ? payload.tokenId : undefined,
    scopes: Array.isArray(payload.scopes) ? payload.scopes.filter((s): s is string => typeof s === "string") : [],
    role: typeof payload.role === "string" ? payload.role : undefined,
  };
}

/** Reads and verifies the viewer in incoming metadata; undefined when the call carries none. */
export async function viewerFromMetadata(secret: string, metadata: Metadata): Promise<Viewer | undefined> {
  const value = metadata.get(VIEWER_METADATA_KEY)[0];
  if (typeof value !== "string") return undefined;
  return verifyViewer(secret, value);
}
