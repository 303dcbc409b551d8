/** Parameters the v1 and v2 filter routes share. */
import { z } from "zod";
import type { FilterExpiry } from "@starling/proto/timelines/v1/filters";
import { boolParam, idParam, int32Param, textParam } from "../http/params.ts";

export const byId = z.object({ id: idParam });
export const byFilterId = z.object({ filter_id: idParam });

/** `context[]=home&context[]=thread` arrives as an array; a single value from some clients. Values are checked by the timelines service. */
export const contextParam = z.union([z.array(z.string().max(32)), z.string().max(32).transform((c) => [c])]);

/**
 * Seconds until the filter expires, as the contract's FilterExpiry: empty (or null) for never, as
 * Mastodon takes it, so that on an update "given empty" (clear it) differs from absent (keep it).
 */
export const expiresInParam = z.union([z.literal(""), z.null(), int32Param]).transform((v): FilterExpiry => ({ seconds: typeof v === "number" ? v : undefined }));

export const readFilters = ["read", "read:filters"];
export const writeFilters = ["write", "write:filters"];

/** One entry of keywords_attributes: forms number them (`keywords_attributes[0][keyword]`), JSON sends an array. */
const keywordAttributes = z.object({ id: idParam.optional(), keyword: textParam.optional(), whole_word: boolParam.optional(), _destroy: boolParam.optional() });
export const keywordsAttributesParam = z
  .union([z.array(keywordAttributes), z.record(z.string(), keywordAttributes).transform((byIndex) => Object.values(byIndex))])
  .default([])
  .transform((list) => list.map((k) => ({ id: k.id, keyword: k.keyword, wholeWord: k.whole_word, destroy: k._destroy ?? false })));
