import assert from "node:assert/strict";
import type { MediaAttachment } from "@starling/proto/media/v1/media";
import { compileFilters, type FilterDefinition } from "../domain/filter-matcher.ts";
import type { Status } from "../domain/status.ts";
import { filterViews } from "./filter-views.ts";

const now = new Date("2026-11-26T10:00:00Z");
const status = (id: string, content: string, extra: Partial<Status> = {}): Status =>
  ({ id, content, spoilerText: "", mediaIds: [], reblogOfId: null, ...extra }) as Status;
const filter = (id: string, filterAction: string, keyword: string): FilterDefinition => ({ id, title: id, context: ["home"], filterAction, keywords: [{ keyword, wholeWord: true }], statuses: [] });
const media = new Map([["m1", { id: "m1", description: "a photo of a durian" } as MediaAttachment]]);

describe("filter views", () => {
  it("marks a reblog and its original by the original's text", () => {
    const original = status("1", "<p>a cat</p>");
    const [view] = filterViews([{ status: status("2", "", { reblogOfId: "1" }), reblog: { status: original } }], compileFilters([filter("f", "warn", "cat")]), media, now, "home");
    assert.deepEqual([view!.filtered?.[0]?.filter.id, view!.reblog!.filtered?.[0]?.keywordMatches], ["f", ["cat"]]);
  });

  it("leaves out a status a hide filter matches in a media description, only when a context is given", () => {
    const views = [{ status: status("3", "<p>look</p>", { mediaIds: ["m1"] }) }, { status: status("4", "<p>fine</p>") }];
    const filters = compileFilters([filter("h", "hide", "durian")]);
    assert.deepEqual(filterViews(views, filters, media, now, "home").map((v) => v.status.id), ["4"]);
    assert.deepEqual(filterViews(views, filters, media, now).map((v) => v.filtered?.map((m) => m.filter.filterAction) ?? []), [["hide"], []]);
  });
});
