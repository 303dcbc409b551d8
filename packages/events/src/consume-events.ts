/**
 * The one way a service consumes catalog events: subscribe, skip the types it has no handler for,
 * decode the payload and call the handler of its type, optionally inside the inbox transaction that
 * makes a redelivery a no-op. Failures are the bus's to retry and dead-letter: a handler's rejection
 * reaches it unchanged.
 */
import type { Database, Transaction } from "@starling/db";
import { dispatchEvent, type EventHandlers } from "./catalog.ts";
import type { EventBus, EventEnvelope, SubscribeOptions, Subscription } from "./event-bus.ts";
import { handleOnce } from "./inbox.ts";

/** What every consumer states, whatever its handlers' context. */
interface ConsumerBase<Context> {
  /** Logical topics to read. */
  topics: string[];
  /** Consumer group; with `inbox`, also the consumer name of its inbox rows. */
  group: string;
  /** Read each topic from its oldest retained message on first start, or only what comes after. */
  fromBeginning: boolean;
  /** A per-process group (see {@link SubscribeOptions.transient}). */
  transient?: boolean;
  /** What the handlers get beside payload and envelope, made afresh for each message they take. */
  context: (envelope: EventEnvelope) => Context;
  /**
   * Runs after a message some handler took has been handled (after the inbox transaction commits,
   * also when the inbox found a duplicate), with the context its handlers got: publish what they
   * collected, wake a worker.
   */
  after?: (context: Context) => Promise<void> | void;
}

/** A consumer whose handlers are idempotent by themselves: no inbox row is written. */
export interface PlainConsumer<Context> extends ConsumerBase<Context> {
  /** Handlers by event type; several maps run in order, each calling its own handler of the type. */
  handlers: EventHandlers<NoInfer<Context>> | readonly EventHandlers<NoInfer<Context>>[];
  inbox?: undefined;
}

/** A consumer whose handlers run in the inbox transaction, which is handed to them as `trx`. */
export interface InboxConsumer<Context> extends ConsumerBase<Context> {
  /** Handlers by event type; several maps run in order, in the one transaction. */
  handlers: EventHandlers<NoInfer<Context> & InboxTransaction> | readonly EventHandlers<NoInfer<Context> & InboxTransaction>[];
  inbox: {
    /** The database of the processed-events table and of the handlers' writes. */
    db: Database;
    /**
     * Also records (in an empty transaction) the events no handler takes, so a test can wait for
     * the consumer to have read every message it published; otherwise they leave no row.
     */
    recordUnhandled?: boolean;
  };
}

/** What an inbox consumer's handlers get beside their context. */
export interface InboxTransaction {
  /** The transaction that records the event as processed; the handler's writes go in it. */
  trx: Transaction;
}

/** Options of {@link consumeEvents}. */
export type ConsumeEventsOptions<Context> = PlainConsumer<Context> | InboxConsumer<Context>;

/**
 * Subscribes a typed handler map to the bus (see the file comment); resolves once the consumer is
 * part of its group.
 */
export function consumeEvents<Context>(bus: EventBus, options: ConsumeEventsOptions<Context>): Promise<Subscription> {
  const maps = (Array.isArray(options.handlers) ? options.handlers : [options.handlers]) as readonly EventHandlers<unknown>[];
  const handles = (type: string) => maps.some((map) => Object.hasOwn(map, type));
  const dispatchAll = async (envelope: EventEnvelope, context: unknown) => {
    for (const map of maps) await dispatchEvent(map, envelope, context);
  };
  const inbox = options.inbox;
  return bus.subscribe({
    topics: options.topics,
    group: options.group,
    fromBeginning: options.fromBeginning,
    transient: options.transient,
    handler: async (envelope) => {
      const handled = handles(envelope.type);
      if (!handled && !inbox?.recordUnhandled) return;
      const context = options.context(envelope);
      if (!inbox) await dispatchAll(envelope, context);
      else await handleOnce(inbox.db, options.group, envelope, (trx) => (handled ? dispatchAll(envelope, { ...(context as object), trx }) : Promise.resolve()));
      if (handled) await options.after?.(context);
    },
  });
}
