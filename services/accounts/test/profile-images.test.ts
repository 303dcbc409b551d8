import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { decodePayload, TOPICS, type EventEnvelope } from "@starling/events";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

const MEDIA = "https://social.test/system/accounts";

for (const backend of backends) {
  describe(`profile images on ${backend.name}`, () => {
    let h: Harness;
    let profiles: AsyncClient<ProfilesServiceClient>;
    const events: EventEnvelope[] = [];
    let stopEvents: () => Promise<void>;

    before(async () => {
      h = await startHarness(backend);
      profiles = connectService(ProfilesServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      const subscription = await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-profile-image-events", handler: async (e) => void events.push(e) });
      stopEvents = () => subscription.stop();
    });
    after(async () => {
      await stopEvents();
      profiles.close();
      await h.stop();
    });

    it("keeps the avatar and header URLs the media service gave, shows them to everyone and announces account.updated", async () => {
      const { account } = await h.createUser("pictured");
      const as = { viewerToken: await h.sign({ accountId: account.id, scopes: ["write"] }) };
      const before = (await h.client.getAccounts({ ids: [account.id] })).accounts[0]!;
      assert.deepEqual([before.avatarUrl, before.avatarStaticUrl, before.headerUrl, before.headerStaticUrl], [undefined, undefined, undefined, undefined]);
      const avatar = { url: `${MEDIA}/avatars/1/original/2.gif`, staticUrl: `${MEDIA}/avatars/1/static/2.png` };
      const updated = (await profiles.updateCredentials({ avatar, header: { url: `${MEDIA}/headers/1/original/3.jpg`, staticUrl: "" } }, as)).account!;
      assert.deepEqual([updated.avatarUrl, updated.avatarStaticUrl], [avatar.url, avatar.staticUrl]);
      // No separate still: the header is its own.
      assert.deepEqual([updated.headerUrl, updated.headerStaticUrl], [`${MEDIA}/headers/1/original/3.jpg`, `${MEDIA}/headers/1/original/3.jpg`]);
      await waitFor(() => events.some((e) => e.type === "account.updated" && decodePayload("account.updated", e).accountId === account.id), { what: "account.updated" });
      // A later update without images keeps them.
      await profiles.updateCredentials({ displayName: "Still pictured" }, as);
      const seen = (await h.client.getAccounts({ ids: [account.id] })).accounts[0]!;
      assert.deepEqual([seen.displayName, seen.avatarUrl, seen.avatarStaticUrl, seen.headerUrl], ["Still pictured", avatar.url, avatar.staticUrl, updated.headerUrl]);
    });

    it("refuses image URLs that are not http(s) and saves nothing", async () => {
      const { account } = await h.createUser("unpictured");
      const as = { viewerToken: await h.sign({ accountId: account.id, scopes: ["write"] }) };
      for (const url of ["", "javascript:alert(1)", "/relative.png"]) {
        const refused = await rejection(profiles.updateCredentials({ displayName: "Changed", avatar: { url, staticUrl: "" } }, as));
        assert.equal(refused.code, status.INVALID_ARGUMENT, url);
      }
      const seen = (await h.client.getAccounts({ ids: [account.id] })).accounts[0]!;
      assert.deepEqual([seen.displayName === "Changed", seen.avatarUrl], [false, undefined]);
    });
  });
}
