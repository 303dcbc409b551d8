// Reports across servers: a forwarded report leaves as a Flag from the instance actor, and a Flag a
// remote server sends becomes a report in the moderation service (its double here), unless staff
// reject that server's reports.
import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { hostPolicy } from "../src/data/instance-blocks-queries.ts";
import { BASE_URL, backends } from "./harness.ts";
import { startOutboundFixture, type OutboundFixture } from "./outbound-fixture.ts";
import { startSigningPeer, type SigningPeer } from "./signing-peer.ts";

const AS = "https://www.w3.org/ns/activitystreams";

for (const backend of backends) {
  describe(`federation Flags (${backend.name})`, function () {
    this.timeout(60_000);
    let f: OutboundFixture;
    let peer: SigningPeer;
    before(async () => {
      f = await startOutboundFixture(backend);
      peer = await startSigningPeer();
    });
    after(async () => {
      await f?.h.stop();
      await peer?.stop();
    });

    it("forwards a report about a remote account as a Flag from the instance actor to its server, naming the account and statuses", async () => {
      const { h, bob, addStatus, publish } = f;
      const status = addStatus({ accountId: bob.id, uri: `${bob.uri}/statuses/77`, local: false });
      await publish("report.forwarded", "4242", { reportId: "4242", targetAccountId: bob.id, statusIds: [status.id], comment: "spam everywhere" });
      const { activity, type, inboxes } = await h.queued(`${BASE_URL}/reports/4242`);
      assert.equal(type, "Flag");
      assert.equal(activity.actor, `${BASE_URL}/actor`);
      assert.deepEqual([activity.object].flat(), [bob.uri, status.uri]);
      assert.equal(activity.content, "spam everywhere");
      assert.deepEqual(inboxes, ["http://remote.test/inbox"]);
    });

    it("files an inbound Flag about a local account and its statuses as a report from the sender", async () => {
      const { h, alice } = f;
      const sender = await peer.actor("mod");
      const flag = { "@context": AS, id: `${peer.origin}/flags/1`, type: "Flag", actor: sender.id, object: [alice.uri, `${alice.uri}/statuses/123`, `${peer.origin}/users/elsewhere`], content: "Harassment" };
      const response = await peer.send(sender, `${h.url}/inbox`, flag);
      assert.equal(response.status, 202, await response.text());
      const call = await waitFor(() => h.calls.find((c) => c.method === "receiveFlag"), { timeoutMs: 10_000, what: "receiveFlag" });
      assert.deepEqual(
        { target: call.request.targetAccountId, statuses: call.request.statusIds, comment: call.request.comment, origin: call.request.originDomain, uri: call.request.activityUri },
        { target: alice.id, statuses: ["123"], comment: "Harassment", origin: new URL(peer.origin).host, uri: flag.id },
      );
      assert.equal(call.request.accountId, h.remoteAccounts.get(sender.id)!.id);
    });

    it("drops a Flag from a server whose reports staff reject, filing no report", async () => {
      const { h, alice, publish } = f;
      const host = new URL(peer.origin).host;
      await publish("admin_domain_block.created", "7101", { blockId: "7101", domain: host, severity: "noop", rejectMedia: false, rejectReports: true, previousSeverity: undefined });
      await waitFor(async () => (await hostPolicy(h.db, host)).rejectReports || undefined, { what: "the block's reject_reports" });
      const sender = await peer.actor("mod2");
      const flag = { "@context": AS, id: `${peer.origin}/flags/2`, type: "Flag", actor: sender.id, object: [alice.uri], content: "More" };
      assert.equal((await peer.send(sender, `${h.url}/inbox`, flag)).status, 202);
      await waitFor(() => h.logs.find((line) => line.id === flag.id && JSON.stringify(line).includes("reports staff reject")), { timeoutMs: 10_000, what: "the Flag dropped" });
      assert.equal(h.calls.filter((c) => c.method === "receiveFlag" && c.request.activityUri === flag.id).length, 0);
    });
  });
}
