import assert from "node:assert/strict";
import { accountFixture } from "../../test/fixtures/accounts-server.ts";
import { presentAccount, presentCredentialAccount } from "./account.ts";

const base = "https://example.test";

describe("Account presenter: moved accounts, groups and profile fields", () => {
  const target = accountFixture({ id: "2", username: "newme" });
  const moved = new Map([[target.id, target]]);

  it("renders the account moved to as `moved`", () => {
    const json = presentAccount(accountFixture({ movedToAccountId: "2" }), base, moved);
    assert.equal((json.moved as { username: string }).username, "newme");
  });

  it("leaves `moved` out when the target moved on too, is unknown, or nobody moved", () => {
    const chained = new Map([[target.id, { ...target, movedToAccountId: "3" }]]);
    assert.equal("moved" in presentAccount(accountFixture({ movedToAccountId: "2" }), base, chained), false);
    assert.equal("moved" in presentAccount(accountFixture({ movedToAccountId: "9" }), base, moved), false);
    assert.equal("moved" in presentAccount(accountFixture(), base, moved), false);
  });

  it("renders a Group actor as a group and fields with their verification time", () => {
    const verifiedAt = new Date("2024-04-01T10:00:00Z");
    const json = presentAccount(accountFixture({ group: true, fields: [{ name: "site", value: "<a>x</a>", verifiedAt }] }), base);
    assert.equal(json.group, true);
    assert.deepEqual(json.fields, [{ name: "site", value: "<a>x</a>", verified_at: "2024-04-01T10:00:00.000Z" }]);
  });

  it("renders the credential source with raw fields, a null language when unset, and the role", () => {
    const json = presentCredentialAccount(
      accountFixture(),
      { privacy: "private", sensitive: true, note: "raw", fields: [{ name: "n", value: "https://x.test", verifiedAt: undefined }], followRequestsCount: 2 },
      { id: "3", name: "Owner", permissions: "1", color: "", highlighted: true, position: 1000 },
      base,
    );
    assert.deepEqual(json.source, { privacy: "private", sensitive: true, language: null, note: "raw", fields: [{ name: "n", value: "https://x.test", verified_at: null }], follow_requests_count: 2 });
    assert.equal((json.role as { name: string }).name, "Owner");
  });
});
