import { signIn, type Session } from "./masto-session.ts";
import type { Stack } from "./stack.ts";

/**
 * A new local account with a staff role (null: none, a plain user), made with the CLI and signed in
 * with admin scopes.
 */
export async function staffSession(stack: Stack, username: string, role: string | null = "Admin"): Promise<Session> {
  const email = `${username}@example.com`;
  const password = await stack.createAccount(username, email, role === null ? [] : ["--role", role]);
  return signIn(stack.url, email, password, "read write follow admin:read admin:write");
}

/** One JSON call to the gateway as a session: the status and the parsed body. */
export async function callApi(base: string, session: Session, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.accessToken}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}
