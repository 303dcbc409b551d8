/**
 * One gateway replica's side of the streaming fan-out: which of its clients listen to which
 * pub/sub channel. A channel is subscribed on the key-value store once, when its first client
 * joins, and dropped when its last one leaves, so a replica hears only what its clients stream.
 */
import { decodeStreamMessage } from "@starling/events";
import type { KeyValueStore, Unsubscribe } from "@starling/kv";
import type { StreamMessage } from "@starling/proto/timelines/v1/stream_messages";
import type { Viewer } from "@starling/runtime";
import type { ResolvedStream } from "./stream-catalog.ts";

/** One connected client, whatever its transport. */
export interface StreamClient {
  readonly viewer: Viewer | undefined;
  /** Sends one event on one of its streams; a client that cannot keep up drops itself. */
  send(stream: ResolvedStream, event: string, payload: string): void;
}

/** A client and the stream of it that a message reached. */
export interface StreamTarget {
  client: StreamClient;
  stream: ResolvedStream;
}

interface Channel {
  listeners: Map<StreamClient, Set<ResolvedStream>>;
  subscribed: Promise<Unsubscribe>;
}

/** Channels to clients; each message heard goes to `deliver` with the streams it reached. */
export class StreamHub {
  readonly #channels = new Map<string, Channel>();
  /** The channel names each client listens on, so leaving touches only those. */
  readonly #joined = new Map<StreamClient, Set<string>>();
  readonly #kv: KeyValueStore;
  readonly #deliver: (message: StreamMessage, targets: StreamTarget[]) => void;

  constructor(kv: KeyValueStore, deliver: (message: StreamMessage, targets: StreamTarget[]) => void) {
    this.#kv = kv;
    this.#deliver = deliver;
  }

  /** Adds a client's stream to its channels; resolves once every channel is live. */
  async join(client: StreamClient, stream: ResolvedStream): Promise<void> {
    const joined = this.#joined.get(client) ?? new Set();
    this.#joined.set(client, joined);
    for (const name of stream.channels) joined.add(name);
    await Promise.all(
      stream.channels.map((name) => {
        const channel = this.#channels.get(name) ?? this.#open(name);
        const streams = channel.listeners.get(client) ?? new Set();
        channel.listeners.set(client, streams.add(stream));
        return channel.subscribed;
      }),
    );
  }

  /** Removes one stream of a client (all of them when `stream` is absent). */
  leave(client: StreamClient, stream?: ResolvedStream): void {
    const joined = this.#joined.get(client);
    for (const name of stream ? stream.channels : [...(joined ?? [])]) {
      const channel = this.#channels.get(name);
      const streams = channel?.listeners.get(client);
      if (!channel || !streams) continue;
      if (stream) streams.delete(stream);
      if (streams.size > 0 && stream) continue;
      channel.listeners.delete(client);
      joined?.delete(name);
      if (channel.listeners.size > 0) continue;
      this.#channels.delete(name);
      void channel.subscribed.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    }
    if (joined?.size === 0) this.#joined.delete(client);
  }

  /** How many clients listen on any channel (for metrics and tests). */
  get clientCount(): number {
    return this.#joined.size;
  }

  #open(name: string): Channel {
    const channel: Channel = {
      listeners: new Map(),
      subscribed: this.#kv.subscribe(name, (text) => {
        const message = decodeStreamMessage(text);
        if (!message) return;
        const targets = [...channel.listeners].flatMap(([client, streams]) => [...streams].map((stream) => ({ client, stream })));
        if (targets.length > 0) this.#deliver(message, targets);
      }),
    };
    // A failed subscription is retried by the next client that joins.
    channel.subscribed.catch(() => this.#channels.get(name) === channel && this.#channels.delete(name));
    this.#channels.set(name, channel);
    return channel;
  }
}
