/**
 * All of one store's subscriptions on a single dedicated Redis connection (a subscribed connection
 * can issue no other commands). A Redis channel is subscribed once however many local handlers
 * listen, and unsubscribed when the last one leaves. ioredis re-subscribes after a reconnect.
 */
import type { Redis } from "ioredis";
import { deliverMessage } from "./deliver-message.ts";
import type { MessageHandler, Unsubscribe } from "./key-value-store.ts";

interface Channel {
  handlers: Set<MessageHandler>;
  /** Settles when Redis confirmed the SUBSCRIBE. */
  ready: Promise<unknown>;
}

/** Lazily connects on first subscribe; dispatches each message to its channel's handlers. */
export class RedisSubscriber {
  readonly #channels = new Map<string, Channel>();
  readonly #connect: () => Redis;
  #connection: Redis | undefined;
  #closed = false;

  /** `connect` opens the dedicated connection; it is called at most once. */
  constructor(connect: () => Redis) {
    this.#connect = connect;
  }

  /** Adds a handler for the (already prefixed) Redis channel once Redis confirms the subscription. */
  async subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe> {
    if (this.#closed) throw new Error("Connection is closed.");
    const connection = this.#connection ?? this.#open();
    let entry = this.#channels.get(channel);
    if (!entry) {
      entry = { handlers: new Set(), ready: connection.subscribe(channel) };
      this.#channels.set(channel, entry);
    }
    // Counted before awaiting, so a concurrent last-unsubscribe cannot drop the Redis subscription
    // this caller is about to rely on.
    const subscription: MessageHandler = (message) => handler(message);
    entry.handlers.add(subscription);
    const unsubscribe = this.#unsubscriber(channel, entry, subscription);
    try {
      await entry.ready;
    } catch (error) {
      await unsubscribe().catch(() => undefined);
      throw error;
    }
    return unsubscribe;
  }

  /** Closes the dedicated connection, dropping every subscription. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#channels.clear();
    const connection = this.#connection;
    if (!connection) return;
    if (connection.status !== "ready") return connection.disconnect();
    await connection.quit().catch(() => connection.disconnect());
  }

  #unsubscriber(channel: string, entry: Channel, subscription: MessageHandler): Unsubscribe {
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      entry.handlers.delete(subscription);
      if (entry.handlers.size > 0 || this.#channels.get(channel) !== entry) return;
      this.#channels.delete(channel);
      await this.#connection?.unsubscribe(channel);
    };
  }

  #open(): Redis {
    const connection = this.#connect();
    connection.on("message", (channel: string, message: string) => {
      const entry = this.#channels.get(channel);
      if (!entry) return;
      for (const handler of [...entry.handlers]) deliverMessage(channel, handler, message);
    });
    this.#connection = connection;
    return connection;
  }
}
