import assert from "node:assert/strict";
import { status as GrpcStatus, type ServiceError as GrpcServiceError } from "@grpc/grpc-js";
import { Registry } from "prom-client";
import { freePort } from "@starling/testkit";
import { TimelinesServiceClient, TimelinesServiceDefinition, TimelinesServiceService, type GetPublicTimelineRequest, type TimelinesServiceServer } from "@starling/proto/timelines/v1/timelines";
import { connectService, type AsyncClient } from "./grpc-client.ts";
import { startGrpcServer, type AsyncHandlers, type GrpcServer } from "./grpc-server.ts";
import { localMethod } from "./local-calls.ts";
import { checkHealth } from "./health-client.ts";
import { createLogger } from "./logger.ts";
import { notFound } from "./service-error.ts";
import { signViewer } from "./viewer.ts";

const secret = "v".repeat(32);
const SERVICE = "starling.timelines.v1.TimelinesService";

// The home timeline echoes who the server believes is calling; the public one fails on request.
// A public page asked for with max_id "kept" answers the one object this handler keeps, with a
// property the schema does not know; the handler also keeps the last request it was given.
const kept = { statusIds: ["1", "2"], secret: "not in the schema" };
let lastRequest: GetPublicTimelineRequest | undefined;
const handlers: AsyncHandlers<TimelinesServiceServer> = {
  getHomeTimeline: async (request, context) => ({
    statusIds: [context.viewer?.accountId ?? "anonymous", ...(context.viewer?.scopes ?? []), String(request.page?.limit ?? 0), context.viewerToken ? "token" : "no-token"],
  }),
  getPublicTimeline: async (request) => {
    lastRequest = request;
    if (request.local) throw notFound("no such timeline");
    if (request.remote) throw new Error("password=hunter2 in a stack trace");
    return request.page?.maxId === "kept" ? kept : { statusIds: ["1"] };
  },
};

const grpcCode = (code: GrpcStatus) => (error: GrpcServiceError) => {
  assert.equal(error.code, code, `expected ${GrpcStatus[code]}, got ${GrpcStatus[error.code]}: ${error.details}`);
  return true;
};

// The same calls over HTTP/2 (a client of localhost:PORT) and in-process (a client of the address
// the server registered, 127.0.0.1:PORT, as the embedded run's services call each other).
for (const [transport, clientHost] of [["over the wire", "localhost"], ["in-process", "127.0.0.1"]] as const) describe(`gRPC server and client helpers, ${transport}`, () => {
  let server: GrpcServer;
  let client: AsyncClient<TimelinesServiceClient>;
  let address: string;

  before(async () => {
    server = await startGrpcServer({
      host: "127.0.0.1",
      port: 0,
      services: [{ definition: TimelinesServiceDefinition, handlers }],
      viewerSecret: secret,
      logger: createLogger("grpc-test", "silent"),
      registry: new Registry(),
    });
    address = `127.0.0.1:${server.port}`;
    client = connectService(TimelinesServiceClient, `${clientHost}:${server.port}`, { deadlineMs: 5_000 });
  });

  after(async () => {
    client.close();
    await server.stop(1_000);
  });

  it("refuses a request with a NUL character in any string as INVALID_ARGUMENT, before the handler runs", async () => {
    const page = { maxId: "1\u0000", sinceId: "", minId: "", limit: 20 };
    await assert.rejects(client.getHomeTimeline({ page }), (error: GrpcServiceError) => {
      assert.equal(error.code, GrpcStatus.INVALID_ARGUMENT);
      assert.match(error.details, /page\.maxId must not contain NUL characters/);
      return true;
    });
  });

  it("answers a call without a viewer as anonymous", async () => {
    const page = { maxId: "", sinceId: "", minId: "", limit: 20 };
    assert.deepEqual(await client.getHomeTimeline({ page }), { statusIds: ["anonymous", "20", "no-token"] });
  });

  it("verifies the signed viewer and hands it and its token to the handler", async () => {
    const viewerToken = await signViewer(secret, { accountId: "42", scopes: ["read"] });
    assert.deepEqual(await client.getHomeTimeline({ page: undefined }, { viewerToken }), { statusIds: ["42", "read", "0", "token"] });
  });

  it("refuses a viewer token signed with another secret as UNAUTHENTICATED", async () => {
    const viewerToken = await signViewer("w".repeat(32), { accountId: "42", scopes: ["read"] });
    await assert.rejects(client.getHomeTimeline({ page: undefined }, { viewerToken }), (error: GrpcServiceError) => {
      grpcCode(GrpcStatus.UNAUTHENTICATED)(error);
      assert.equal(error.details, "invalid viewer token");
      return true;
    });
  });

  it("passes a ServiceError's code and message to the client", async () => {
    await assert.rejects(client.getPublicTimeline({ page: undefined, local: true, remote: false }), (error: GrpcServiceError) => {
      grpcCode(GrpcStatus.NOT_FOUND)(error);
      assert.equal(error.details, "no such timeline");
      return true;
    });
  });

  it("turns an unexpected throw into INTERNAL without its message", async () => {
    await assert.rejects(client.getPublicTimeline({ page: undefined, local: false, remote: true }), (error: GrpcServiceError) => {
      grpcCode(GrpcStatus.INTERNAL)(error);
      assert.equal(error.details, "internal error");
      return true;
    });
  });

  it("answers the message the schema describes: properties it does not know are left behind, and the caller's copy is its own", async () => {
    const request = { page: { maxId: "kept" }, local: false, remote: false } as GetPublicTimelineRequest;
    const answer = await client.getPublicTimeline(request);
    assert.deepEqual(answer, { statusIds: ["1", "2"] });
    assert.deepEqual(lastRequest, { page: { maxId: "kept", sinceId: undefined, minId: undefined, limit: undefined }, local: false, remote: false }, "absent fields are absent, as decoded");
    answer.statusIds.push("3");
    assert.deepEqual(kept.statusIds, ["1", "2"]);
    request.page!.maxId = "changed later";
    assert.equal(lastRequest?.page?.maxId, "kept");
  });

  it("reports SERVING in gRPC health for the server and the service, then NOT_SERVING after setServing(false)", async () => {
    assert.equal(await checkHealth(address), "SERVING");
    assert.equal(await checkHealth(address, SERVICE), "SERVING");
    server.setServing(false);
    try {
      assert.equal(await checkHealth(address), "NOT_SERVING");
      assert.equal(await checkHealth(address, SERVICE), "NOT_SERVING");
    } finally {
      server.setServing(true);
    }
    assert.equal(await checkHealth(address, SERVICE), "SERVING");
  });

  // UNAVAILABLE, not DEADLINE_EXCEEDED: the call fails on the refused connection, not on the clock.
  it("fails a call to a closed port with UNAVAILABLE rather than waiting for the deadline", async () => {
    const closed = connectService(TimelinesServiceClient, `127.0.0.1:${await freePort()}`, { deadlineMs: 2_000 });
    try {
      await assert.rejects(closed.getPublicTimeline({ page: undefined, local: false, remote: false }), grpcCode(GrpcStatus.UNAVAILABLE));
    } finally {
      closed.close();
    }
  });
});

describe("in-process gRPC calls", () => {
  it("are offered at the server's own address while it runs, and withdrawn when it stops", async () => {
    const server = await startGrpcServer({ host: "127.0.0.1", port: 0, services: [{ definition: TimelinesServiceDefinition, handlers }], viewerSecret: secret, logger: createLogger("grpc-test", "silent"), registry: new Registry() });
    const path = TimelinesServiceService.getHomeTimeline.path;
    assert.equal(typeof localMethod(`127.0.0.1:${server.port}`, path), "function");
    assert.equal(localMethod(`localhost:${server.port}`, path), undefined, "only the exact address it bound");
    await server.stop(1_000);
    assert.equal(localMethod(`127.0.0.1:${server.port}`, path), undefined);
  });
});
