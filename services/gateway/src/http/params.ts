import type { PageRequest } from "@starling/proto/common/v1/page";
import { z } from "zod";

/** A boolean as clients send it in forms, JSON or query strings ("true", "1", true, ...). */
export const boolParam = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off", ""])])
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");

/** An id path or cursor parameter: a string of digits. */
export const idParam = z.string().regex(/^\d{1,20}$/, "must be an id");

/**
 * A list of ids such as media_ids: JSON sends an array; forms send `name[]=…` (an array) or, from
 * some clients, one value.
 */
export const idListParam = z.union([z.array(idParam), idParam.transform((id) => [id])]);

/** A string parameter that may arrive as a number in JSON. */
export const textParam = z.union([z.string(), z.number().transform(String)]);

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
