import { startEmbeddedStack } from "./embedded-stack.ts";
import { realServersFromEnv, startProductionStack } from "./production-stack.ts";
import type { Stack } from "./stack.ts";

/**
 * Declares a suite twice: on the embedded run, and on the production-like run (a process per
 * service on real PostgreSQL, Redis and Kafka) when the servers are set. `.ci/run` always sets
 * them, so CI never skips the second. `options.env` reaches every service on both (test settings
 * such as ALLOW_PRIVATE_ADDRESSES).
 */
export function describeOnBothStacks(title: string, suite: (start: () => Promise<Stack>) => void, options: { env?: Record<string, string> } = {}): void {
  describe(`${title} on the embedded run`, () => {
    suite(() => startEmbeddedStack({ env: options.env }));
  });
  const servers = realServersFromEnv();
  describe(`${title} on the production-like run`, function () {
    before(function () {
      if (!servers) this.skip();
    });
    suite(() => startProductionStack(servers!, { env: options.env }));
  });
}
