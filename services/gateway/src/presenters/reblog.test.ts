import assert from "node:assert/strict";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import type { RouteContext } from "../http/route.ts";
import { pinnedField, presentWithReblogs, viewerFields } from "./reblog.ts";

const status = (id: string, overrides: Partial<Status> = {}) => ({ id, accountId: "1", visibility: "public", reblogOfId: "", ...overrides }) as Status;
const ctx = {} as RouteContext;

describe("reblog presenting", function () {
  it("renders reblogs and originals as one flat list and nests each original under its reblog", async function () {
    const calls: string[][] = [];
    const present = async (_ctx: RouteContext, list: Status[]) => {
      calls.push(list.map((s) => s.id));
      return list.filter((s) => s.id !== "gone").map((s) => ({ id: s.id, nested: Boolean(s.reblog) }));
    };
    const statuses = [status("1"), status("2", { reblogOfId: "9", reblog: status("9") }), status("3", { reblogOfId: "gone", reblog: status("gone") })];
    const rendered = await presentWithReblogs(ctx, statuses, {}, present);
    assert.deepEqual(calls, [["1", "2", "3", "9", "gone"]], "one presenting pass, no nested reblogs left in it");
    assert.deepEqual(rendered, [
      { id: "1", nested: false },
      { id: "2", nested: false, reblog: { id: "9", nested: false } },
    ]);
  });

  it("renders the viewer fields from the service's state, false when it sent none", function () {
    assert.deepEqual(viewerFields(status("1", { viewer: { favourited: true, reblogged: false, bookmarked: true, muted: false, pinned: true } })), {
      favourited: true,
      reblogged: false,
      muted: false,
      bookmarked: true,
    });
    assert.deepEqual(viewerFields(status("1")), { favourited: false, reblogged: false, muted: false, bookmarked: false });
  });

  it("shows pinned to the author only, never on reblogs or direct statuses, also for private posts", function () {
    const pinned = { favourited: false, reblogged: false, bookmarked: false, muted: false, pinned: true };
    assert.deepEqual(pinnedField(status("1", { visibility: "private", viewer: pinned }), "1"), { pinned: true });
    assert.deepEqual(pinnedField(status("1", { viewer: pinned }), "2"), {});
    assert.deepEqual(pinnedField(status("1", { reblogOfId: "9" }), "1"), {});
    assert.deepEqual(pinnedField(status("1", { visibility: "direct" }), "1"), {});
  });
});
