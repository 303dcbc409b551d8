import { encodeStreamMessage } from "@starling/events";
import type { KeyValueStore } from "@starling/kv";
import type { StreamMessage } from "@starling/proto/timelines/v1/stream_messages";

/**
 * The stream messages one event's handling produced. They are published only after its inbox
 * transaction committed (a rolled-back fan-out streams nothing), on pub/sub, which keeps nothing:
 * a channel nobody streams costs Redis one dropped message.
 */
export class StreamOutbox {
  readonly #messages: { channel: string; text: string }[] = [];

  /** Queues `message` for each of `channels`. */
  add(channels: readonly string[], message: StreamMessage): void {
    if (channels.length === 0) return;
    const text = encodeStreamMessage(message);
    for (const channel of channels) this.#messages.push({ channel, text });
  }

  /** Publishes everything queued, all at once (one pipeline on Redis). */
  async publish(kv: KeyValueStore): Promise<void> {
    const messages = this.#messages.splice(0);
    await Promise.all(messages.map(({ channel, text }) => kv.publish(channel, text)));
  }
}
