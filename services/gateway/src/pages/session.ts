/**
 * The web session of the sign-in and authorization pages: a cookie holding an HS256 JWT (jose) with
 * a random session id and, once signed in, the user and account. Forms carry a CSRF token derived
 * from the session id, so a page from another site cannot post them.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";
import type { Request, Response } from "express";
import { jwtVerify, SignJWT } from "jose";

/** Who the browser is: always a session id; user and account once signed in. */
export interface WebSession {
  sid: string;
  userId?: string;
  accountId?: string;
}

/** How long a session lasts without signing in again. */
export const SESSION_LIFETIME_S = 7 * 24 * 3600;
const ISSUER = "starling-web-session";

/** What the session needs from the gateway's configuration. */
export interface SessionConfig {
  SESSION_SECRET?: string | undefined;
  VIEWER_TOKEN_SECRET: string;
  LOCAL_HTTPS: boolean;
}

// Separate keys for the cookie and the CSRF tokens, each derived for its purpose, so neither value
// ever serves as the other; without SESSION_SECRET the root is the viewer-token secret every
// process already shares, which no derived key can reveal.
function deriveKey(root: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", root, "starling-gateway", purpose, 32));
}

/** Reads, issues and clears session cookies, and makes and checks CSRF tokens. */
export class SessionCookies {
  readonly name: string;
  private readonly signingKey: Buffer;
  private readonly csrfKey: Buffer;
  private readonly secure: boolean;

  constructor(config: SessionConfig) {
    const root = config.SESSION_SECRET ?? deriveKey(config.VIEWER_TOKEN_SECRET, "web session root").toString("base64url");
    this.signingKey = deriveKey(root, "session cookie");
    this.csrfKey = deriveKey(root, "csrf token");
    this.secure = config.LOCAL_HTTPS;
    // The __Host- prefix pins the cookie to this host and path /, but browsers accept it only over https.
    this.name = this.secure ? "__Host-starling_session" : "starling_session";
  }

  /** The session of a request, or undefined when it has none or a forged or expired one. */
  async read(req: Request): Promise<WebSession | undefined> {
    const value = parseCookie(req.headers.cookie ?? "")[this.name];
    if (!value) return undefined;
    try {
      const { payload } = await jwtVerify(value, this.signingKey, { issuer: ISSUER, algorithms: ["HS256"] });
      if (typeof payload.sid !== "string") return undefined;
      const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
      return { sid: payload.sid, userId: str(payload.uid), accountId: str(payload.aid) };
    } catch {
      return undefined;
    }
  }

  /** The request's session, or a new anonymous one set on the response (forms need an id for CSRF). */
  async ensure(req: Request, res: Response): Promise<WebSession> {
    return (await this.read(req)) ?? (await this.write(res, { sid: newSid() }));
  }

  /** Starts a signed-in session under a new id, so an id planted before sign-in is worthless after. */
  signIn(res: Response, who: { userId: string; accountId: string }): Promise<WebSession> {
    return this.write(res, { sid: newSid(), ...who });
  }

  /** Ends the session. */
  clear(res: Response): void {
    res.append("Set-Cookie", stringifySetCookie({ name: this.name, value: "", ...this.attributes(), maxAge: 0 }));
  }

  /** The CSRF token of forms shown in this session. */
  csrfToken(session: WebSession): string {
    return createHmac("sha256", this.csrfKey).update(session.sid).digest("base64url");
  }

  /** Whether a posted token belongs to this session. */
  checkCsrf(session: WebSession | undefined, token: unknown): boolean {
    if (!session || typeof token !== "string") return false;
    const expected = Buffer.from(this.csrfToken(session));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private async write(res: Response, session: WebSession): Promise<WebSession> {
    const jwt = await new SignJWT({ sid: session.sid, uid: session.userId, aid: session.accountId })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${SESSION_LIFETIME_S}s`)
      .sign(this.signingKey);
    res.append("Set-Cookie", stringifySetCookie({ name: this.name, value: jwt, ...this.attributes(), maxAge: SESSION_LIFETIME_S }));
    return session;
  }

  private attributes() {
    return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: this.secure };
  }
}

const newSid = () => randomBytes(24).toString("base64url");
