import { status as GrpcStatus } from "@grpc/grpc-js";
import { ServiceError } from "@starling/runtime";

/** Why a backend answer is not usable; each becomes UNAVAILABLE (HTTP 503), as Mastodon answers provider errors. */
const FAILURES: Record<number, string> = {
  429: "too many requests",
  456: "quota exceeded",
};

/**
 * Sends one request to a translation backend and returns its JSON. A network failure, a timeout, an
 * error status or a body that is not JSON is the backend's failure, thrown as UNAVAILABLE, never a
 * bug of ours (INTERNAL).
 */
export async function backendJson(provider: string, url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw unavailable(provider, (error as Error).message);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unavailable(provider, FAILURES[response.status] ?? `unexpected status ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw unavailable(provider, "unexpected response body");
  }
}

/** The backend's answer did not have the shape its API documents. */
export const unexpectedAnswer = (provider: string) => unavailable(provider, "unexpected response body");

function unavailable(provider: string, why: string): ServiceError {
  return new ServiceError(GrpcStatus.UNAVAILABLE, `${provider} translation failed: ${why}`);
}
