/**
 * Test fixtures shared by every package: polling with a deadline instead of sleeping, free loopback
 * ports, throwaway names for databases and topics.
 */
import { createServer } from "node:net";
import { randomBytes } from "node:crypto";

/** Options for {@link waitFor}. */
export interface WaitOptions {
  /** Give up after this many milliseconds (default 10 000). */
  timeoutMs?: number;
  /** Pause between attempts in milliseconds (default 50). */
  intervalMs?: number;
  /** Names what is awaited in the timeout error. */
  what?: string;
}

/**
 * Polls `probe` until it returns a value other than undefined/false, or throws after the deadline
 * with the last error seen. Tests use it instead of sleeping.
 */
export async function waitFor<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, options: WaitOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError instanceof Error ? `: ${lastError.message}` : "";
      throw new Error(`timed out waiting for ${options.what ?? "condition"}${why}`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 50));
  }
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  for (;;) {
    // Below Linux's ephemeral range (32768-60999), so no outgoing connection of another process can
    // take the port between this check and the server's bind, and never the same port twice here.
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A short random name, safe in PostgreSQL identifiers, Kafka topics and Redis keys. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
}

export * from "./mailbox.ts";
export * from "./translation-servers.ts";
export * from "./push-service.ts";
export * from "./smtp-server.ts";
export * from "./dns-server.ts";
export * from "./webhook-receiver.ts";
