import { ipInRange, type Logger } from "@starling/runtime";

/** What an IP block does, weakest first. */
export const IP_BLOCK_SEVERITIES = ["sign_up_requires_approval", "sign_up_block", "no_access"] as const;
export type IpBlockSeverity = (typeof IP_BLOCK_SEVERITIES)[number];

/** One active block as the moderation service lists it. */
export interface ActiveIpBlock {
  /** address/prefix with the host bits cleared. */
  ip: string;
  severity: string;
  expiresAt?: Date | undefined;
}

/**
 * This gateway's copy of the moderation service's active IP blocks. It is loaded on first use,
 * again when an ip_block.* event says it changed, and at least every `maxAgeMs` (so a missed event or
 * an expiry is caught). While the moderation service cannot be reached the last copy stays in use
 * (none before the first load: an outage of moderation must not shut everyone out).
 */
export class IpBlockList {
  readonly #load: () => Promise<ActiveIpBlock[]>;
  readonly #maxAgeMs: number;
  readonly #logger: Logger;
  #blocks: ActiveIpBlock[] = [];
  #loadedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<void> | undefined;

  constructor(load: () => Promise<ActiveIpBlock[]>, maxAgeMs: number, logger: Logger) {
    this.#load = load;
    this.#maxAgeMs = maxAgeMs;
    this.#logger = logger;
  }

  /** The strongest severity of the unexpired blocks covering `address`, if any. */
  async severityAt(address: string, now = new Date()): Promise<IpBlockSeverity | undefined> {
    if (now.getTime() - this.#loadedAt > this.#maxAgeMs) await this.#reload();
    let strongest = -1;
    for (const block of this.#blocks) {
      if (block.expiresAt && block.expiresAt <= now) continue;
      const rank = IP_BLOCK_SEVERITIES.indexOf(block.severity as IpBlockSeverity);
      if (rank > strongest && ipInRange(address, block.ip)) strongest = rank;
    }
    return strongest < 0 ? undefined : IP_BLOCK_SEVERITIES[strongest];
  }

  /** The blocks changed: the next lookup loads them again. */
  invalidate(): void {
    this.#loadedAt = Number.NEGATIVE_INFINITY;
  }

  // Concurrent lookups share one load.
  #reload(): Promise<void> {
    this.#loading ??= this.#load()
      .then((blocks) => {
        this.#blocks = blocks;
        this.#loadedAt = Date.now();
      })
      .catch((error: unknown) => {
        // Tried again after maxAgeMs or the next change event, not on every request meanwhile.
        this.#loadedAt = Date.now();
        this.#logger.warn({ err: error }, "IP blocks not reloaded; the last ones stay in use");
      })
      .finally(() => (this.#loading = undefined));
    return this.#loading;
  }
}
