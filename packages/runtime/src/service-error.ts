import { status as GrpcStatus, Metadata, type ServiceError as GrpcServiceError } from "@grpc/grpc-js";

/**
 * A failure a use case means to report, with the gRPC code that says what kind it is. Anything
 * else thrown by a handler is a bug and becomes INTERNAL without leaking its message.
 */
export class ServiceError extends Error {
  readonly code: GrpcStatus;

  constructor(code: GrpcStatus, message: string) {
    super(message);
    this.code = code;
    this.name = "ServiceError";
  }
}

/** The resource does not exist or the viewer may not know it exists. */
export const notFound = (message = "Record not found") => new ServiceError(GrpcStatus.NOT_FOUND, message);
/** Input failed validation (HTTP 422). */
export const invalidArgument = (message: string) => new ServiceError(GrpcStatus.INVALID_ARGUMENT, message);
/** The request is valid but the state does not allow it (HTTP 422). */
export const failedPrecondition = (message: string) => new ServiceError(GrpcStatus.FAILED_PRECONDITION, message);
/** The viewer is known but not allowed (HTTP 403). */
export const permissionDenied = (message = "This action is not allowed") => new ServiceError(GrpcStatus.PERMISSION_DENIED, message);
/** No or bad credentials (HTTP 401). */
export const unauthenticated = (message = "The access token is invalid") => new ServiceError(GrpcStatus.UNAUTHENTICATED, message);
/** A uniqueness rule was broken (HTTP 422). */
export const alreadyExists = (message = "Duplicate record") => new ServiceError(GrpcStatus.ALREADY_EXISTS, message);

/** Converts anything thrown into the error object grpc-js sends to the caller. */
export function toGrpcError(error: unknown): Partial<GrpcServiceError> {
  if (error instanceof ServiceError) return { code: error.code, details: error.message, metadata: new Metadata() };
  return { code: GrpcStatus.INTERNAL, details: "internal error", metadata: new Metadata() };
}

// A peer's answers that say the caller's request was refused, not that something broke.
const REFUSALS = new Set([GrpcStatus.INVALID_ARGUMENT, GrpcStatus.NOT_FOUND, GrpcStatus.ALREADY_EXISTS, GrpcStatus.PERMISSION_DENIED, GrpcStatus.FAILED_PRECONDITION, GrpcStatus.UNAUTHENTICATED]);

/**
 * Awaits a call to another service on the caller's behalf, passing its refusals on as this
 * service's own (same code and message: "This action is not allowed" stays a 403); anything else
 * it throws stays an internal error.
 */
export async function passRefusals<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const { code, details } = error as { code?: number; details?: string };
    if (code !== undefined && REFUSALS.has(code)) throw new ServiceError(code, details ?? "");
    throw error;
  }
}
