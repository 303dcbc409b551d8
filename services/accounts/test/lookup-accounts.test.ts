import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { connectService, type AsyncClient } from "@starling/runtime";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

for (const backend of backends) {
  describe(`batch account lookup and posting defaults on ${backend.name}`, () => {
    let h: Harness;
    let profiles: AsyncClient<ProfilesServiceClient>;

    before(async () => {
      h = await startHarness(backend);
      profiles = connectService(ProfilesServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
    });
    after(async () => {
      profiles.close();
      await h.stop();
    });

    it("finds several known accounts in one call, keyed by the address as asked, leaving unknown and malformed ones out", async () => {
      const { account: mia } = await h.createUser("mia");
      const { account: noah } = await h.createUser("noah");
      const { found } = await profiles.lookupAccounts({ accts: ["Noah", "nobody", "mia@127.0.0.1:3000", "bad name", "@mia", "mia@elsewhere.test"] }, {});
      assert.deepEqual(
        found.map((f) => [f.acct, f.account?.id]),
        [
          ["Noah", noah.id],
          ["mia@127.0.0.1:3000", mia.id],
          ["@mia", mia.id],
        ],
      );
    });

    it("refuses more than 100 addresses at once", async () => {
      const accts = Array.from({ length: 101 }, (_, i) => `user${i}`);
      assert.equal((await rejection(profiles.lookupAccounts({ accts }, {}))).code, status.INVALID_ARGUMENT);
    });

    it("tells the viewer's interface language with the preferences, as chosen at account creation", async () => {
      const created = await h.client.createAccount({ username: "olga", email: "olga@example.test", confirmed: true, locale: "pt-br" }, { viewerToken: await h.sign({ role: await h.role("Owner"), scopes: ["admin:write"] }) });
      const viewerToken = await h.sign({ accountId: created.account!.id, scopes: ["read"] });
      assert.equal((await profiles.getPreferences({}, { viewerToken })).interfaceLocale, "pt-BR");
      const unknown = await rejection(h.client.createAccount({ username: "pavel", email: "pavel@example.test", confirmed: true, locale: "xx-YY" }, { viewerToken: await h.sign({ role: await h.role("Owner"), scopes: ["admin:write"] }) }));
      assert.equal(unknown.code, status.INVALID_ARGUMENT);
    });
  });
}
