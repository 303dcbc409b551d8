import { status as GrpcStatus } from "@grpc/grpc-js";

/** How each gRPC status code reaches a client (architecture.md §2.4). Unlisted codes are 500. */
export const GRPC_TO_HTTP: Partial<Record<GrpcStatus, number>> = {
  [GrpcStatus.NOT_FOUND]: 404,
  [GrpcStatus.PERMISSION_DENIED]: 403,
  [GrpcStatus.UNAUTHENTICATED]: 401,
  [GrpcStatus.INVALID_ARGUMENT]: 422,
  [GrpcStatus.FAILED_PRECONDITION]: 422,
  [GrpcStatus.ALREADY_EXISTS]: 422,
  [GrpcStatus.OUT_OF_RANGE]: 422,
  [GrpcStatus.RESOURCE_EXHAUSTED]: 429,
  [GrpcStatus.UNAVAILABLE]: 503,
  [GrpcStatus.DEADLINE_EXCEEDED]: 503,
  [GrpcStatus.CANCELLED]: 503,
};

/** An error the gateway answers with directly: an HTTP status and the `error` text. */
export class HttpError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown>;

  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

/** Maps a thrown value to the HTTP status and JSON body the client gets. */
export function toHttpError(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof HttpError) return { status: error.status, body: { error: error.message, ...error.extra } };
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "number" && typeof (error as { details?: unknown }).details === "string") {
    const status = GRPC_TO_HTTP[code as GrpcStatus] ?? 500;
    const details = (error as { details: string }).details;
    if (status === 503) return { status, body: { error: "There was a temporary problem serving your request, please try again" } };
    if (status === 500) return { status, body: { error: "Internal Server Error" } };
    return { status, body: { error: details } };
  }
  return { status: 500, body: { error: "Internal Server Error" } };
}
