import type { PageRequest } from "@starling/proto/common/v1/page";
import { invalidArgument } from "@starling/runtime";
import { InvalidCursor, type PageInput } from "../domain/page.ts";

/**
 * The proto page as the domain's input. proto3 cannot tell `limit: 0` from an absent limit, so 0
 * means "the default" here; the gateway answers `limit=0` with an empty page itself.
 */
export function pageInputOf(page: PageRequest | undefined): PageInput {
  return { maxId: page?.maxId, sinceId: page?.sinceId, minId: page?.minId, limit: page?.limit ? page.limit : undefined };
}

/** Runs a use case, turning a malformed cursor into INVALID_ARGUMENT. */
export async function withValidCursors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InvalidCursor) throw invalidArgument(error.message);
    throw error;
  }
}
