import { randomBytes } from "node:crypto";
import { newSession, type Session } from "./masto-session.ts";
import type { Stack } from "./stack.ts";

/**
 * The set-up most gateway suites share: a `before` that starts the stack and signs in one new
 * account per name (with `newSession` and a random suffix of the suite's own), then hands the stack
 * and the sessions by name to `ready`, where the suite keeps them and does any extra set-up
 * (follows) inside the same hook; and an `after` that stops the stack. Returns the suffix, which
 * tests put in the texts they post.
 */
export function suiteSessions<Name extends string>(
  start: () => Promise<Stack>,
  names: readonly Name[],
  ready: (suite: Record<Name, Session> & { stack: Stack }) => unknown,
): string {
  let stack: Stack | undefined;
  const suffix = randomBytes(3).toString("hex");

  before(async function () {
    this.timeout(180_000);
    const started = await start();
    stack = started;
    const sessions = await Promise.all(names.map(async (name) => [name, await newSession(started, name, suffix)] as const));
    await ready({ ...(Object.fromEntries(sessions) as Record<Name, Session>), stack: started });
  });
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
  });
  return suffix;
}
