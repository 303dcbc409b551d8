import assert from "node:assert/strict";
import { Metadata, status as GrpcStatus } from "@grpc/grpc-js";
import { HttpError, toHttpError } from "./grpc-to-http.ts";

/** An error shaped as grpc-js rejects a call with. */
const grpcError = (code: GrpcStatus, details: string) => Object.assign(new Error(`${code} ${GrpcStatus[code]}: ${details}`), { code, details, metadata: new Metadata() });

const temporary = { error: "There was a temporary problem serving your request, please try again" };

describe("gRPC status to HTTP", () => {
  it("maps each gRPC code to Mastodon's HTTP status, passing the service's message on", () => {
    const table: [GrpcStatus, number][] = [
      [GrpcStatus.NOT_FOUND, 404],
      [GrpcStatus.PERMISSION_DENIED, 403],
      [GrpcStatus.UNAUTHENTICATED, 401],
      [GrpcStatus.INVALID_ARGUMENT, 422],
      [GrpcStatus.FAILED_PRECONDITION, 422],
      [GrpcStatus.ALREADY_EXISTS, 422],
      [GrpcStatus.OUT_OF_RANGE, 422],
      [GrpcStatus.RESOURCE_EXHAUSTED, 429],
    ];
    for (const [code, status] of table) {
      assert.deepEqual(toHttpError(grpcError(code, "Validation failed: Text can't be blank")), { status, body: { error: "Validation failed: Text can't be blank" } }, GrpcStatus[code]);
    }
  });

  it("answers 503 with a generic message when a service is unavailable, too slow or cancelled", () => {
    for (const code of [GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED, GrpcStatus.CANCELLED]) {
      assert.deepEqual(toHttpError(grpcError(code, "No connection established to 10.0.0.7:50051")), { status: 503, body: temporary }, GrpcStatus[code]);
    }
  });

  it("answers 500 without the details for INTERNAL and any code not in the table", () => {
    for (const code of [GrpcStatus.INTERNAL, GrpcStatus.UNKNOWN, GrpcStatus.UNIMPLEMENTED, GrpcStatus.DATA_LOSS, GrpcStatus.ABORTED]) {
      assert.deepEqual(toHttpError(grpcError(code, "relation \"users\" does not exist")), { status: 500, body: { error: "Internal Server Error" } }, GrpcStatus[code]);
    }
  });

  it("answers 500 without the message for anything that is not a gRPC error", () => {
    assert.deepEqual(toHttpError(new TypeError("cannot read properties of undefined (reading 'id')")), { status: 500, body: { error: "Internal Server Error" } });
    assert.deepEqual(toHttpError("a string"), { status: 500, body: { error: "Internal Server Error" } });
    assert.deepEqual(toHttpError(undefined), { status: 500, body: { error: "Internal Server Error" } });
  });

  it("passes an HttpError's status, message and extra fields through", () => {
    assert.deepEqual(toHttpError(new HttpError(429, "Too many requests", { retry_after: 30 })), { status: 429, body: { error: "Too many requests", retry_after: 30 } });
  });
});
