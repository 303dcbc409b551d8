/**
 * Renders the messages a replica hears for each viewer who streams them, in batches. Messages that
 * arrive while a batch renders wait for the next one, so per replica: the statuses a batch brings
 * its signed-in viewers are hydrated ONCE for all of them (GetStatusPageForViewers: visibility,
 * blocks by the author, each viewer's own state and its filters in the stream's context, as every
 * timeline's hydration decides them), anonymous viewers' with a GetStatusPage call each; each
 * status's JSON is encoded once per viewer and context however many of its streams it reaches, and
 * events leave in the order they arrived. Notifications, conversations, and the blocks and mutes
 * of public streams, are read per viewer, at most `concurrency` viewers at a time.
 */
import type { StreamMessage } from "@starling/proto/timelines/v1/stream_messages";
import type { Logger, Viewer } from "@starling/runtime";
import type { Clients } from "../clients/gateway-clients.ts";
import type { GatewayConfig } from "../config.ts";
import type { TokenResolver } from "../http/authenticate.ts";
import type { RouteContext } from "../http/route.ts";
import { presentAnnouncementEvent } from "../presenters/announcement.ts";
import { presentConversations } from "../presenters/conversation.ts";
import { presentNotifications } from "../presenters/notification.ts";
import { presentStatusesById } from "../presenters/status.ts";
import { presentStatusesForViewers } from "../presenters/status-pages-for-viewers.ts";
import type { StreamTarget } from "./stream-hub.ts";
import { hiddenAuthors, involvedAccounts } from "./viewer-filter.ts";
import { filterContextOf } from "./filter-context.ts";

/** What rendering needs from the gateway. */
export interface RendererDeps {
  config: GatewayConfig;
  clients: Clients;
  tokens: TokenResolver;
  logger: Logger;
  baseUrl: string;
  /** Viewers rendered at the same time. */
  concurrency: number;
}

interface Heard {
  message: StreamMessage;
  targets: StreamTarget[];
}

/** What one viewer needs from a batch, and what it came to. */
interface ViewerWork {
  viewer: Viewer | undefined;
  /** The statuses rendered for a signed-in viewer by the batch's shared hydration, by filter context. */
  pages?: Rendered[];
  /** By the filter context of the streams they reach (filter-context.ts; "" for none). */
  statusIds: Map<string, Set<string>>;
  filtered: boolean;
  notifications: Map<string, NonNullable<StreamMessage["notification"]>>;
  /** By {@link conversationKey}: one conversation may change twice in a batch. */
  conversations: Map<string, NonNullable<StreamMessage["conversation"]>>;
  /** Encoded payloads by "<filter context>:<status id>", "n:" notification id or conversation key; absent when the viewer may not see it. */
  payloads: Map<string, string>;
}

/** A viewer's statuses rendered in one filter context ("" for none). */
interface Rendered {
  context: string;
  statuses: Record<string, unknown>[];
}

const viewerKey = (viewer: Viewer | undefined) => viewer?.accountId ?? "anonymous";
const STATUS_EVENTS = new Set(["update", "status.update"]);
const conversationKey = (c: NonNullable<StreamMessage["conversation"]>) => `c:${c.id}:${c.lastStatusId}:${c.unread}`;

/** Queues heard messages and renders them batch by batch. */
export class StreamRenderer {
  readonly #deps: RendererDeps;
  #queue: Heard[] = [];
  #running = false;

  constructor(deps: RendererDeps) {
    this.#deps = deps;
  }

  /** Takes a message and the streams it reached; it is sent once its batch has rendered. */
  push(message: StreamMessage, targets: StreamTarget[]): void {
    this.#queue.push({ message, targets });
    if (!this.#running) void this.#run();
  }

  async #run(): Promise<void> {
    this.#running = true;
    while (this.#queue.length > 0) {
      const batch = this.#queue;
      this.#queue = [];
      await this.#render(batch).catch((error: unknown) => this.#deps.logger.error({ err: error }, "stream batch failed"));
    }
    this.#running = false;
  }

  async #render(batch: Heard[]): Promise<void> {
    const work = new Map<string, ViewerWork>();
    for (const { message, targets } of batch) {
      for (const { client, stream } of targets) {
        const key = viewerKey(client.viewer);
        const entry = work.get(key) ?? { viewer: client.viewer, statusIds: new Map(), filtered: false, notifications: new Map(), conversations: new Map(), payloads: new Map() };
        work.set(key, entry);
        if (STATUS_EVENTS.has(message.event) && message.statusId) {
          const context = filterContextOf(stream.label) ?? "";
          entry.statusIds.set(context, (entry.statusIds.get(context) ?? new Set()).add(message.statusId));
        }
        if (message.event === "notification" && message.notification) entry.notifications.set(message.notification.notificationId, message.notification);
        if (message.event === "conversation" && message.conversation) entry.conversations.set(conversationKey(message.conversation), message.conversation);
        entry.filtered ||= stream.filtered;
      }
    }
    const entries = [...work.values()];
    await this.#renderShared(entries.filter((entry) => entry.viewer?.accountId !== undefined && entry.statusIds.size > 0));
    await forEachLimited(entries, this.#deps.concurrency, (entry) => this.#renderFor(entry));
    for (const { message, targets } of batch) {
      // Announcement events carry no viewer's state: rendered once for all their streams.
      const shared = presentAnnouncementEvent(this.#deps.baseUrl, message);
      for (const { client, stream } of targets) {
        const payload = shared ?? this.#payloadOf(message, stream.label, work.get(viewerKey(client.viewer)));
        if (payload !== undefined) client.send(stream, message.event, payload);
      }
    }
  }

  #payloadOf(message: StreamMessage, label: readonly string[], work: ViewerWork | undefined): string | undefined {
    if (STATUS_EVENTS.has(message.event)) return message.statusId ? work?.payloads.get(`${filterContextOf(label) ?? ""}:${message.statusId}`) : undefined;
    if (message.event === "notification") return message.notification ? work?.payloads.get(`n:${message.notification.notificationId}`) : undefined;
    if (message.event === "conversation") return message.conversation ? work?.payloads.get(conversationKey(message.conversation)) : undefined;
    if (message.event === "delete") return message.statusId;
    // Events whose payload is plain text (announcement.delete), and filters_changed, which has none.
    return message.payload ?? (message.event === "filters_changed" ? "undefined" : undefined);
  }

  // The statuses of the batch's signed-in viewers, from one multi-viewer hydration (each viewer once per filter context); none when it failed.
  async #renderShared(entries: ViewerWork[]): Promise<void> {
    if (entries.length === 0) return;
    try {
      const requests = await Promise.all(
        entries.flatMap(({ viewer, statusIds }) => [...statusIds].map(async ([context, ids]) => ({ viewer: viewer as Viewer & { accountId: string }, viewerToken: await this.#deps.tokens.sign(viewer!), ids: [...ids], filterContext: context || undefined }))),
      );
      const rendered = await presentStatusesForViewers(this.#deps, requests);
      let next = 0;
      for (const entry of entries) entry.pages = [...entry.statusIds.keys()].map((context) => ({ context, statuses: rendered[next++]! }));
    } catch (error) {
      this.#deps.logger.warn({ err: error, viewers: entries.length }, "stream statuses not rendered for this batch");
      for (const entry of entries) entry.pages = [];
    }
  }

  async #renderFor(work: ViewerWork): Promise<void> {
    const { viewer } = work;
    try {
      const ctx: RouteContext = { ...this.#deps, viewer, viewerToken: viewer ? await this.#deps.tokens.sign(viewer) : undefined, headers: {} };
      // The notification as the notifications API lists it, rendered by the same presenter.
      const stored = [...work.notifications.values()].map(({ notificationId, type, createdAt, fromAccountId, statusId, reportId }) => ({ id: notificationId, type, createdAt, fromAccountId, statusId, reportId }));
      const conversations = [...work.conversations.entries()];
      // Anonymous viewers: one hydration call per filter context the batch's streams show statuses in (mostly one).
      const byContext = work.pages ?? Promise.all([...work.statusIds].map(async ([context, ids]) => ({ context, statuses: await presentStatusesById(ctx, [...ids], { filterContext: context || undefined }) })));
      const [pages, notifications, rendered] = await Promise.all([byContext, presentNotifications(ctx, stored), presentConversations(ctx, conversations.map(([, c]) => c))]);
      rendered.forEach((conversation, i) => work.payloads.set(conversations[i]![0], JSON.stringify(conversation)));
      const hidden = work.filtered && viewer?.accountId ? await hiddenAuthors(ctx, pages.flatMap((p) => p.statuses).flatMap(involvedAccounts)) : new Set<string>();
      for (const { context, statuses } of pages) {
        for (const status of statuses) {
          if (!involvedAccounts(status).some((id) => hidden.has(id))) work.payloads.set(`${context}:${status.id as string}`, JSON.stringify(status));
        }
      }
      for (const notification of notifications) work.payloads.set(`n:${notification.id as string}`, JSON.stringify(notification));
    } catch (error) {
      // One viewer's failure (a service briefly down) costs that viewer these events, nobody else.
      this.#deps.logger.warn({ err: error, accountId: viewer?.accountId }, "stream events not rendered for a viewer");
    }
  }
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function forEachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
