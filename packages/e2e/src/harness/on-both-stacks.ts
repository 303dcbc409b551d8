import { startEmbeddedStack } from "./embedded-stack.ts";
import { realServersFromEnv, startProductionStack } from "./production-stack.ts";
import type { Stack } from "./stack.ts";

/**
 * Declares a suite twice: on the embedded run, and on the production-like run (a process per
 * service on real PostgreSQL, Redis and Kafka) when the servers are set. `.ci/run` always sets
 * them, so CI never skips the second.
 */
export function describeOnBothStacks(title: string, suite: (start: () => Promise<Stack>) => void): void {
  describe(`${title} on the embedded run`, () => {
    suite(() => startEmbeddedStack());
  });
  const servers = realServersFromEnv();
  describe(`${title} on the production-like run`, function () {
    before(function () {
      if (!servers) this.skip();
    });
    suite(() => startProductionStack(servers!));
  });
}
