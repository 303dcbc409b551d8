import type { Stack } from "@starling/e2e";

/**
 * Every stack the run has started and not yet stopped, so an error or Ctrl-C halfway through
 * still stops them: a leaked embedded server holds its port, a leaked production stack holds
 * eight processes and Kafka consumers.
 */
export class RunningStacks {
  readonly #stacks = new Set<Stack>();

  /** Starts a stack through `start` and remembers it until {@link stop}. */
  async start(start: () => Promise<Stack>): Promise<Stack> {
    const stack = await start();
    this.#stacks.add(stack);
    return stack;
  }

  async stop(stack: Stack): Promise<void> {
    this.#stacks.delete(stack);
    await stack.stop();
  }

  /** Stops whatever is still running; one failing stop must not keep the others alive. */
  async stopAll(): Promise<void> {
    const stacks = [...this.#stacks];
    this.#stacks.clear();
    const results = await Promise.allSettled(stacks.map((stack) => stack.stop()));
    for (const result of results) if (result.status === "rejected") console.error(`stopping a stack failed: ${result.reason}`);
  }
}
