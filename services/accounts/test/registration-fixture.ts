// Sign-up fixtures: an accounts service in one registration mode, an app, and the mail it sends.
import assert from "node:assert/strict";
import { join } from "node:path";
import { TOPICS, type EventEnvelope } from "@starling/events";
import type { App } from "@starling/proto/accounts/v1/accounts";
import { RegistrationServiceClient, type RegisterRequest } from "@starling/proto/accounts/v1/registration";
import { connectService, type AsyncClient } from "@starling/runtime";
import { readMailbox, waitFor } from "@starling/testkit";
import { startHarness, type Backend, type Harness } from "./harness.ts";

/** A running accounts service in one registration mode, with what the tests drive it through. */
export interface Fixture {
  h: Harness;
  registration: AsyncClient<RegistrationServiceClient>;
  app: App;
  /** user.signed_up events seen on the bus, once each although the bus delivers twice. */
  signedUp: Map<string, EventEnvelope>;
  /** account.created events seen on the bus, by account id. */
  created: Map<string, EventEnvelope>;
  stop(): Promise<void>;
}

/** `env`: more of the service's variables (the MX check's DNS servers). */
export async function startFixture(backend: Backend, mode: string, env: Record<string, string> = {}): Promise<Fixture> {
  const h = await startHarness(backend, { REGISTRATIONS_MODE: mode, ...env });
  const registration = connectService(RegistrationServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
  const app = (await h.client.createApp({ clientName: "Sign-up client", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read write follow", website: "" })).app!;
  const signedUp = new Map<string, EventEnvelope>();
  const created = new Map<string, EventEnvelope>();
  const subscription = await h.bus.subscribe({
    topics: [TOPICS.accounts],
    group: `test-sign-ups-${mode}`,
    handler: async (e) => {
      if (e.type === "user.signed_up") signedUp.set(e.id, e);
      if (e.type === "account.created") created.set(e.key, e);
    },
  });
  return { h, registration, app, signedUp, created, stop: async () => (await subscription.stop(), registration.close(), await h.stop()) };
}

export const form = (name: string, fields: Partial<RegisterRequest> = {}): RegisterRequest => ({
  username: name,
  email: `${name}@example.test`,
  password: "correct horse battery",
  agreement: true,
  locale: "en",
  reason: "",
  ip: "198.51.100.7",
  ...fields,
});

/** Registers through an app-only viewer, as POST /api/v1/accounts does. */
export async function register(f: Fixture, request: RegisterRequest) {
  return f.registration.register(request, { viewerToken: await f.h.sign({ appId: f.app.id, scopes: ["write"] }) });
}

/** The confirmation token of the newest mail to `email`. */
export async function confirmationToken(f: Fixture, email: string): Promise<string> {
  const mails = (await readMailbox(join(f.h.dataDir, "mail"))).filter((m) => m.to === email);
  const link = /\/auth\/confirmation\?confirmation_token=([\w-]+)/.exec(mails.at(-1)?.text ?? "");
  assert.ok(link?.[1], `a confirmation link mailed to ${email}`);
  return link[1];
}

export const authenticate = (f: Fixture, accessToken: string) => f.h.client.authenticate({ accessToken });

/**
 * The row counts once the outbox relay has emptied the outbox (it runs on its own time), so a
 * test comparing counts before and after sees only its own writes.
 */
export function settledRowCounts(f: Fixture): Promise<number[]> {
  return waitFor(async () => {
    const counts = await rowCounts(f);
    return counts.at(-1) === 0 && counts;
  }, { what: "the outbox relayed" });
}

export async function rowCounts(f: Fixture): Promise<number[]> {
  const tables = ["accounts", "users", "registrations", "oauth_tokens", "outbox"];
  return Promise.all(tables.map(async (t) => Number(((await f.h.db.table(t).count({ n: "*" }).first()) as { n: string | number }).n)));
}

