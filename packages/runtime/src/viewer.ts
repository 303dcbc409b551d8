import { SignJWT, jwtVerify, type JWTPayload } from "jose";
import type { Metadata } from "@grpc/grpc-js";
import { ALL_PERMISSIONS } from "./permissions.ts";
import { BoundedMap } from "./bounded-map.ts";

/** Metadata key carrying the signed viewer from the gateway to services. */
export const VIEWER_METADATA_KEY = "x-starling-viewer";

/**
 * Who is calling: the account behind the OAuth token (absent for app-only tokens), the app, the
 * token's scopes and the account's role. Services trust it only after checking its signature.
 */
export interface Viewer {
  accountId?: string;
  appId?: string;
  /** The app's name and website (absent for none), known to the gateway; statuses record them as their application. */
  appName?: string | undefined;
  appWebsite?: string | undefined;
  tokenId?: string;
  scopes: string[];
  /** The account's role as accounts resolved it at Authenticate; absent for app-only tokens. */
  role?: ViewerRole | undefined;
}

/**
 * A role as the viewer carries it: its row's id and name, the permission bits the user holds (the
 * role's and the everyone role's), and its position (staff act only on roles below their own).
 */
export interface ViewerRole {
  id: string;
  name: string;
  permissions: number;
  position: number;
}

/**
 * The operator at the command line, who holds the server's secret: every permission, above every
 * role (the CLI signs its viewers with it, as tootctl acts without a role).
 */
export const OPERATOR_ROLE: ViewerRole = { id: "", name: "", permissions: ALL_PERMISSIONS, position: Number.MAX_SAFE_INTEGER };

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
  return viewerOf((await jwtVerify(token, encoder.encode(secret), { issuer: ISSUER, algorithms: ["HS256"] })).payload);
}

function viewerOf(payload: JWTPayload): Viewer {
  return {
    accountId: typeof payload.accountId === "string" ? payload.accountId : undefined,
    appId: typeof payload.appId === "string" ? payload.appId : undefined,
    tokenId: typeof payload.tokenId === "string" ? payload.tokenId : undefined,
    scopes: Array.isArray(payload.scopes) ? payload.scopes.filter((s): s is string => typeof s === "string") : [],
    role: roleOf(payload.role),
  };
}

function roleOf(claim: unknown): ViewerRole | undefined {
  if (typeof claim !== "object" || claim === null) return undefined;
  const { id, name, permissions, position } = claim as Record<string, unknown>;
  if (typeof id !== "string" || typeof name !== "string" || typeof permissions !== "number" || typeof position !== "number") return undefined;
  return { id, name, permissions, position };
}

// Verified viewers by secret and token, until shortly before their expiry: the gateway reuses one
// signed viewer for many calls, so verifying each once saves an HMAC and a JSON parse per call. Kept
// by secret, then by the token itself: a token string reused across calls keeps its hash, where a
// key joined from both was a new string to hash on every call.
const verified = new Map<string, BoundedMap<string, { viewer: Viewer; until: number }>>();

/** Reads and verifies the viewer in incoming metadata; undefined when the call carries none. */
export async function viewerFromMetadata(secret: string, metadata: Metadata): Promise<Viewer | undefined> {
  const value = metadata.get(VIEWER_METADATA_KEY)[0];
  if (typeof value !== "string") return undefined;
  let bySecret = verified.get(secret);
  const known = bySecret?.get(value);
  if (known && known.until > Date.now()) return known.viewer;
  const { payload } = await jwtVerify(value, encoder.encode(secret), { issuer: ISSUER, algorithms: ["HS256"] });
  const viewer = viewerOf(payload);
  if (!bySecret) verified.set(secret, (bySecret = new BoundedMap(10_000)));
  if (payload.exp) bySecret.set(value, { viewer, until: payload.exp * 1000 - 1_000 });
  return viewer;
}
