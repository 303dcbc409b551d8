import type { MessageHandler } from "./key-value-store.ts";

/**
 * Calls one subscriber's handler, isolating a throw so it neither stops delivery to the other
 * handlers nor escapes into the connection's event loop (where it would kill the subscriber
 * connection or the process). The throw is reported as a process warning so it is not lost.
 */
export function deliverMessage(channel: string, handler: MessageHandler, message: string): void {
  try {
    handler(message);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.emitWarning(`kv subscriber on "${channel}" threw: ${reason}`, { code: "STARLING_KV_HANDLER" });
  }
}
