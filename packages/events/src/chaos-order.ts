/**
 * Delivery disorder on demand for the embedded bus. Brokers redeliver after crashes and rebalances and
 * interleave partitions freely; consumers must cope, so tests can make the embedded bus do it every time.
 */

/**
 * How the embedded bus misbehaves on purpose.
 * - `duplicate`: every message is delivered twice (each delivery with its own retries).
 * - `reorder: "across-keys"`: within a batch, messages of different keys are shuffled; one key's
 *   messages keep their order (what Kafka itself guarantees).
 * - `reorder: "all"`: the batch is shuffled completely, one key's messages included (what a consumer
 *   sees after redelivery or when several partitions/topics feed it).
 */
export interface ChaosOptions {
  duplicate?: boolean;
  reorder?: "across-keys" | "all";
  /** Source of randomness in [0, 1), for reproducible runs (default Math.random). */
  random?: () => number;
}

/** Returns the order in which a batch is delivered under `chaos`; items may appear twice. */
export function chaosOrder<T>(batch: T[], keyOf: (item: T) => string, chaos: ChaosOptions = {}): T[] {
  const random = chaos.random ?? Math.random;
  const twice = (items: T[]) => (chaos.duplicate ? items.flatMap((item) => [item, item]) : items);
  switch (chaos.reorder) {
    case undefined:
      return twice(batch);
    case "all":
      return shuffle(twice(batch), random);
    case "across-keys":
      return interleaveKeys(batch, keyOf, random).flatMap((item) => (chaos.duplicate ? [item, item] : [item]));
  }
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// Picks the next message from a random key's queue each step: keys interleave, each key stays in order.
function interleaveKeys<T>(batch: T[], keyOf: (item: T) => string, random: () => number): T[] {
  const queues = new Map<string, T[]>();
  for (const item of batch) {
    const key = keyOf(item);
    const queue = queues.get(key) ?? [];
    queue.push(item);
    queues.set(key, queue);
  }
  const pending = [...queues.values()];
  const out: T[] = [];
  while (pending.length > 0) {
    const index = Math.floor(random() * pending.length);
    const queue = pending[index]!;
    out.push(queue.shift()!);
    if (queue.length === 0) pending.splice(index, 1);
  }
  return out;
}
