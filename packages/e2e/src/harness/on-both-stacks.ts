import { startDnsServer, startSmtpServer, type TestDnsServer, type TestSmtpServer } from "@starling/testkit";
import { startEmbeddedStack } from "./embedded-stack.ts";
import { realServersFromEnv, startProductionStack } from "./production-stack.ts";
import type { Stack } from "./stack.ts";

/**
 * The test settings of the shared stacks, the union of what the suites ask for. Each only loosens
 * a limit so a suite can watch something happen on a real clock or on 127.0.0.1: polls may end
 * after 2 s, statuses may be scheduled 2 s ahead, link previews and federation may reach loopback
 * servers, deliveries retry in milliseconds and a host's circuit opens after two failures.
 */
const SHARED_TEST_ENV: Record<string, string> = {
  POLL_MIN_EXPIRATION_SECONDS: "2",
  SCHEDULED_STATUSES_MIN_LEAD_MS: "2000",
  SCHEDULED_STATUSES_INTERVAL_MS: "200",
  POLLS_ENDED_INTERVAL_MS: "200",
  ALLOW_PRIVATE_ADDRESSES: "true",
  FEDERATION_ALLOW_PRIVATE_ADDRESS: "true",
  DELIVERY_BACKOFF_SCALE: "0.001",
  DELIVERY_SCHEDULER_INTERVAL_MS: "200",
  DELIVERY_CIRCUIT_THRESHOLD: "2",
};

/** Started stacks by kind and settings, shared by every suite asking for the same. */
const shared = new Map<string, Promise<Stack>>();

// One SMTP server for every shared stack: their e-mails arrive there, so a suite reads what a user
// was sent on either stack alike (each suite's accounts have addresses of their own).
let smtp: Promise<TestSmtpServer> | undefined;
// Likewise one DNS server, which the e-mail MX check at sign-up asks when staff turn it on.
let dns: Promise<TestDnsServer> | undefined;
async function withSmtp(start: (env: Record<string, string>) => Promise<Stack>, env: Record<string, string>): Promise<Stack> {
  const [server, resolver] = await Promise.all([(smtp ??= startSmtpServer()), (dns ??= startDnsServer())]);
  return { ...(await start({ ...env, SMTP_URL: server.url, EMAIL_DNS_SERVERS: resolver.address })), smtp: server, dns: resolver };
}

/**
 * One stack of a kind and settings for the whole run: starting a stack is most of an end-to-end
 * suite's time (a production-like one is seven processes). Suites keep to their own accounts
 * (random suffixes), so they can share one. Its `stop` is left to the end of the run.
 */
function sharedStack(kind: string, env: Record<string, string>, start: (env: Record<string, string>) => Promise<Stack>): () => Promise<Stack> {
  const key = `${kind} ${JSON.stringify(Object.entries(env).sort())}`;
  return async () => {
    let started = shared.get(key);
    if (!started) {
      started = start(env);
      shared.set(key, started);
      // A stack that failed to start is not kept: the next suite tries again.
      started.catch(() => shared.delete(key));
    }
    return { ...(await started), stop: async () => {} };
  };
}

// Registered once on the root suite: the shared stacks stop after the last suite.
after(async function () {
  this.timeout(120_000);
  await Promise.all([...shared.values()].map(async (started) => (await started.catch(() => undefined))?.stop()));
  await (await smtp)?.stop();
  await (await dns)?.stop();
});

/**
 * Declares a suite twice: on the embedded run, and on the production-like run (a process per
 * service on real PostgreSQL, Redis and Kafka) when the servers are set. `.ci/run` always sets
 * them, so CI never skips the second. Both runs are shared with the other suites declared so;
 * `options.env` (test settings) must be among SHARED_TEST_ENV's, or the suite gets stacks of its own.
 */
export function describeOnBothStacks(title: string, suite: (start: () => Promise<Stack>) => void, options: { env?: Record<string, string> } = {}): void {
  const env = { ...SHARED_TEST_ENV, ...options.env };
  describe(`${title} on the embedded run`, () => {
    suite(sharedStack("embedded", env, (settings) => withSmtp((e) => startEmbeddedStack({ env: e }), settings)));
  });
  const servers = realServersFromEnv();
  describe(`${title} on the production-like run`, function () {
    before(function () {
      if (!servers) this.skip();
    });
    suite(sharedStack("production-like", env, (settings) => withSmtp((e) => startProductionStack(servers!, { env: e }), settings)));
  });
}
