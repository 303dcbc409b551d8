import { ipInRange, type Logger } from "@starling/runtime";
import { ReloadedCopy } from "./reloaded-copy.ts";

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
  readonly #blocks: ReloadedCopy<ActiveIpBlock[]>;

  constructor(load: () => Promise<ActiveIpBlock[]>, maxAgeMs: number, logger: Logger) {
    this.#blocks = new ReloadedCopy({ load, maxAgeMs, logger, what: "IP blocks", fallback: [] });
  }

  /** The strongest severity of the unexpired blocks covering `address`, if any. */
  async severityAt(address: string, now = new Date()): Promise<IpBlockSeverity | undefined> {
    let strongest = -1;
    for (const block of await this.#blocks.get(now.getTime())) {
      if (block.expiresAt && block.expiresAt <= now) continue;
      const rank = IP_BLOCK_SEVERITIES.indexOf(block.severity as IpBlockSeverity);
      if (rank > strongest && ipInRange(address, block.ip)) strongest = rank;
    }
    return strongest < 0 ? undefined : IP_BLOCK_SEVERITIES[strongest];
  }

  /** The blocks changed: the next lookup loads them again. */
  invalidate(): void {
    this.#blocks.invalidate();
  }
}
