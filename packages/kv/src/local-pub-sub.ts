/**
 * In-process pub/sub for the embedded store. Delivery waits for `setImmediate`, never happening
 * inside `publish`, so code written against the embedded store cannot come to rely on synchronous
 * delivery that Redis would never give it.
 */
import { deliverMessage } from "./deliver-message.ts";
import type { MessageHandler, Unsubscribe } from "./key-value-store.ts";

/** Channel → handlers, with asynchronous, in-order delivery. */
export class LocalPubSub {
  readonly #channels = new Map<string, Set<MessageHandler>>();

  /** Queues `message` for everyone subscribed to `channel` now. */
  publish(channel: string, message: string): void {
    const handlers = this.#channels.get(channel);
    if (!handlers) return;
    // Snapshot: like Redis, only subscribers present at publish time receive the message.
    const recipients = [...handlers];
    setImmediate(() => {
      for (const handler of recipients) {
        if (handlers.has(handler)) deliverMessage(channel, handler, message);
      }
    });
  }

  /** Adds a handler; the returned function removes it and is safe to call twice. */
  subscribe(channel: string, handler: MessageHandler): Unsubscribe {
    let handlers = this.#channels.get(channel);
    if (!handlers) this.#channels.set(channel, (handlers = new Set()));
    // Wrap so the same function subscribed twice counts as two subscriptions, as it would on Redis.
    const subscription: MessageHandler = (message) => handler(message);
    handlers.add(subscription);
    return async () => {
      handlers.delete(subscription);
      if (handlers.size === 0 && this.#channels.get(channel) === handlers) this.#channels.delete(channel);
    };
  }

  /** Drops every subscription, so nothing is delivered after the store closes. */
  clear(): void {
    for (const handlers of this.#channels.values()) handlers.clear();
    this.#channels.clear();
  }
}
