import assert from "node:assert/strict";
import { replyReachesList, type RepliesPolicy } from "./list.ts";

const owner = "1";
const reply = (repliedTo: string) => ({ id: "10", accountId: "2", visibility: "public", inReplyToId: "9", inReplyToAccountId: repliedTo });
const reaches = (policy: RepliesPolicy, repliedTo: string, member = false) => replyReachesList(reply(repliedTo), { accountId: owner, repliesPolicy: policy }, member);

describe("the list reply rule", () => {
  it("lets statuses that are not replies and self-replies through under every policy", () => {
    for (const policy of ["followed", "list", "none"] as const) {
      assert.equal(replyReachesList({ id: "10", accountId: "2", visibility: "public" }, { accountId: owner, repliesPolicy: policy }, false), true);
      assert.equal(reaches(policy, "2"), true);
    }
  });

  it("lets a reply to the owner through under every policy", () => {
    for (const policy of ["followed", "list", "none"] as const) assert.equal(reaches(policy, owner), true);
  });

  it("takes replies to others under followed, to members under list, and none under none", () => {
    assert.deepEqual([reaches("followed", "3"), reaches("list", "3"), reaches("list", "3", true), reaches("none", "3", true)], [true, false, true, false]);
  });
});
