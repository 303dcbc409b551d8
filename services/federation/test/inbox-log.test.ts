// What the inbox says about each activity: one debug line (type, id, actor, outcome) for every one,
// and a warn line with the reasons for every one it drops or refuses.
import assert from "node:assert/strict";
import { generateCryptoKeyPair } from "@fedify/fedify";
import { waitFor } from "@starling/testkit";
import { backends, BASE_URL, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type PeerActor, type SigningPeer } from "./signing-peer.ts";

const AS = "https://www.w3.org/ns/activitystreams";

for (const backend of backends) {
  describe(`inbox logging (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let peer: SigningPeer;
    let dana: PeerActor;
    let serial = 0;
    before(async () => {
      h = await startHarness(backend);
      peer = await startSigningPeer();
      dana = await peer.actor("dana");
    });
    after(async () => {
      await h?.stop();
      await peer?.stop();
    });

    const activity = (type: string, object: unknown) => ({ "@context": AS, id: `${dana.id}#${type.toLowerCase()}-${++serial}`, type, actor: dana.id, object });
    const linesAbout = (id: string, level?: number) => h.logs.filter((line) => line.id === id && (level === undefined || line.level === level));
    const DEBUG = 20;
    const WARN = 40;

    it("logs an activity acted on once, at debug level, as applied", async () => {
      const bob = h.addAccount("bob");
      const status = h.addStatus({ uri: `${BASE_URL}/users/bob/statuses/1`, accountId: bob.id });
      const like = activity("Like", status.uri);
      assert.equal((await peer.send(dana, `${h.url}/inbox`, like)).status, 202);
      const [line] = await waitFor(async () => (linesAbout(like.id).length ? linesAbout(like.id) : undefined));
      assert.deepEqual(linesAbout(like.id).map((l) => [l.level, l.type, l.actor, l.outcome]), [[DEBUG, "Like", dana.id, "applied"]]);
      assert.equal(line!.msg, "inbox activity");
    });

    it("logs a dropped activity at debug level and again at warn, with the reason", async () => {
      const like = activity("Like", `${peer.origin}/users/dana/statuses/unknown`);
      assert.equal((await peer.send(dana, `${h.url}/inbox`, like)).status, 202);
      await waitFor(async () => linesAbout(like.id, WARN)[0]);
      assert.deepEqual(linesAbout(like.id).map((l) => [l.level, l.type, l.outcome]), [[DEBUG, "Like", "dropped"], [WARN, "Like", "dropped"]]);
      assert.deepEqual(linesAbout(like.id, WARN)[0]!.reasons, ["a Like of a post that is not local"]);
    });

    it("logs an activity of a type not handled here as dropped", async () => {
      const listen = activity("Listen", `${peer.origin}/songs/1`);
      assert.equal((await peer.send(dana, `${h.url}/inbox`, listen)).status, 202);
      const warn = await waitFor(async () => linesAbout(listen.id, WARN)[0]);
      assert.deepEqual([warn.type, warn.actor, warn.reasons], ["Listen", dana.id, ["an activity type not handled here"]]);
    });

    it("logs an activity refused for its signature at warn", async () => {
      const forged = activity("Like", `${BASE_URL}/users/bob/statuses/1`);
      const { privateKey } = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
      assert.equal((await peer.send(dana, `${h.url}/inbox`, forged, { signWith: privateKey })).status, 401);
      const warn = await waitFor(async () => linesAbout(forged.id, WARN)[0]);
      assert.equal(warn.outcome, "refused");
      assert.match(warn.reasons[0], /^signature not verified/);
    });
  });
}
