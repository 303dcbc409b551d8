import type { PageRequest } from "@starling/proto/common/v1/page";
import { z } from "zod";

/** A boolean as clients send it in forms, JSON or query strings ("true", "1", true, ...). */
export const boolParam = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off", ""])])
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");

/** The largest id: ids are PostgreSQL bigints, signed 64-bit. */
const MAX_ID = 2n ** 63n - 1n;
const DIGITS = /^\d{1,19}$/;

/**
 * An id parameter: a string of digits within the signed 64-bit range, so no larger number reaches a
 * bigint column. bindRoute answers 404 when a path id fails it, 400 for a cursor, 422 elsewhere.
 */
export const idParam = z
  .string()
  .regex(DIGITS, "must be an id")
  // Zod runs this check after a failed regex too: only digits are compared.
  .refine((id) => !DIGITS.test(id) || BigInt(id) <= MAX_ID, "must be an id");

/** The cursor parameters of paged lists; a bad cursor is a 400 (see `inputErrorStatus`). */
export const CURSOR_PARAMS = ["max_id", "since_id", "min_id"] as const;

/**
 * The status a failed validation answers: 404 when a path parameter (an id in the URL) is not one
 * (the record cannot exist, as Mastodon answers), 400 when a paging cursor is malformed, else 422.
 */
export function inputErrorStatus(issues: readonly { path: PropertyKey[] }[], pathKeys: readonly string[]): number {
  const fields = issues.map((issue) => String(issue.path[0] ?? ""));
  if (fields.some((field) => pathKeys.includes(field))) return 404;
  if (fields.some((field) => (CURSOR_PARAMS as readonly string[]).includes(field))) return 400;
  return 422;
}

/**
 * A list of ids such as media_ids: JSON sends an array; forms send `name[]=…` (an array) or, from
 * some clients, one value.
 */
export const idListParam = z.union([z.array(idParam), idParam.transform((id) => [id])]);

/** A whole number that fits the int32 fields (limit, offset) it is sent in; larger ones are a 422, not a 500. */
export const int32Param = z.coerce
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 31 - 1);

/** A string parameter that may arrive as a number in JSON. */
export const textParam = z.union([z.string(), z.number().transform(String)]);

/**
 * An optional choice (visibility, language) that is absent when not given or left blank: forms send
 * an empty field for one left alone, and the contracts carry "not given" as absent, never as "".
 */
export const choiceParam = textParam
  .nullish()
  .transform((value) => (value === "" || value === null ? undefined : value));

/** The proto page of parsed page parameters; the services page with @starling/paging. */
export const pageRequest = (input: { max_id?: string | undefined; since_id?: string | undefined; min_id?: string | undefined; limit?: number | undefined }): PageRequest => ({
  maxId: input.max_id,
  sinceId: input.since_id,
  minId: input.min_id,
  limit: input.limit,
});

/** Mastodon's cursor pagination parameters with the endpoint's default and maximum limit. */
export function pageParams(defaultLimit: number) {
  return {
    max_id: idParam.optional(),
    since_id: idParam.optional(),
    min_id: idParam.optional(),
    limit: z.coerce
      .number()
      .int()
      .optional()
      .transform((l) => (l === undefined ? defaultLimit : Math.min(Math.abs(l), defaultLimit * 2))),
  };
}
