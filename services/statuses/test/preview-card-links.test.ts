import assert from "node:assert/strict";
import { decodePayload, encodePayload, EVENT_CATALOG, newEnvelope, TOPICS } from "@starling/events";
import type { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { waitFor } from "@starling/testkit";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";

const backends: { name: string; url?: string }[] = [{ name: "embedded PostgreSQL" }];
if (process.env.DATABASE_URL) backends.push({ name: "PostgreSQL", url: process.env.DATABASE_URL });

const request = (status: string): CreateStatusRequest => ({ status, spoilerText: "", sensitive: false, application: undefined, mediaIds: [] });

for (const backend of backends) {
  describe(`preview card links of statuses on ${backend.name}`, function () {
    let service: StatusesHarness;
    let alice: string;

    before(async function () {
      // Every event is delivered twice: linking a card must be idempotent.
      service = await startStatusesHarness(backend.url, { chaos: { duplicate: true } });
      alice = await service.accounts.createAccount("alice");
    });
    after(async function () {
      await service?.stop();
    });

    const post = async (text: string) => (await service.client.createStatus(request(text), await service.viewer(alice))).status!;
    const createdEvent = (statusId: string) =>
      waitFor(() => service.events.filter((e) => e.type === "status.created").map((e) => decodePayload("status.created", e)).find((p) => p.statusId === statusId), { what: "status.created" });

    it("status.created carries the first http(s) link of a local status, not a mention, hashtag or bare domain", async function () {
      const linked = await post("hi @alice #tag example.org then https://news.example/a?b=1 and https://second.example/");
      assert.equal((await createdEvent(linked.id)).firstLinkUrl, "https://news.example/a?b=1");
      const plain = await post("no links, just #tags");
      assert.equal((await createdEvent(plain.id)).firstLinkUrl, undefined);
      // Timelines reads hashtags (normalized) and the media flag from the same event.
      const tagged = await createdEvent((await post("#Café and #CAFE and #Øl")).id);
      assert.deepEqual([tagged.tags, tagged.hasMedia], [["cafe", "ol"], false]);
    });

    it("card.created from the media service sets the status's card id, once however often it arrives", async function () {
      const status = await post("look https://news.example/b");
      assert.equal(status.cardId, undefined);
      const payload = encodePayload("card.created", { statusId: status.id, cardId: "777", url: "https://news.example/b", linkType: "article", cardUrl: "https://news.example/b" });
      await service.bus.publish(TOPICS.media, [newEnvelope({ type: "card.created", version: EVENT_CATALOG["card.created"].version, source: "media", key: status.id, payload })]);
      const read = await waitFor(async () => {
        const [found] = (await service.client.getStatuses({ ids: [status.id] }, {})).statuses;
        return found?.cardId ? found : undefined;
      }, { what: "the card id" });
      assert.equal(read.cardId, "777");
      const handled = await service.db.table("processed_events").where({ consumer: "statuses.card-links" }).count({ n: "*" });
      assert.equal(Number(handled[0]!.n), 1);
    });
  });
}
