import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { Registry } from "prom-client";
import { waitFor } from "@starling/testkit";
import { MediaServiceClient, MediaServiceDefinition, type MediaServiceServer, type UploadMediaRequest } from "@starling/proto/media/v1/media";
import { connectService, type AsyncClient } from "./grpc-client.ts";
import { startGrpcServer, type AsyncHandlers, type GrpcServer } from "./grpc-server.ts";
import { createLogger } from "./logger.ts";
import { invalidArgument, ServiceError } from "./service-error.ts";

const secret = "s".repeat(32);
const unimplemented = async (): Promise<never> => {
  throw new ServiceError(GrpcStatus.UNIMPLEMENTED, "not in this test");
};

/** What the upload handler saw of the last call: bytes received, and how its stream ended. */
const seen = { bytes: 0, ended: "" };

// UploadMedia counts chunk bytes and answers with the total as the id; a description of "refuse"
// makes it fail at once, while the client is still sending.
const handlers: AsyncHandlers<MediaServiceServer> = {
  async uploadMedia(requests: AsyncIterable<UploadMediaRequest>) {
    seen.bytes = 0;
    seen.ended = "";
    try {
      for await (const request of requests) {
        if (request.options?.description === "refuse") throw invalidArgument("Validation failed: refused early");
        seen.bytes += request.chunk?.length ?? 0;
      }
      seen.ended = "completed";
    } catch (error) {
      seen.ended = !(error instanceof ServiceError) ? "failed" : error.code === GrpcStatus.CANCELLED ? "cancelled" : "refused";
      throw error;
    }
    return { media: { id: String(seen.bytes) } as never };
  },
  updateMedia: unimplemented,
  getOwnMedia: unimplemented,
  getMedia: unimplemented,
  attachMedia: unimplemented,
  reserveMedia: unimplemented,
  storeEmojiImage: unimplemented,
  storeProfileImage: unimplemented,
  registerRemoteMedia: unimplemented,
  removeRemoteMedia: unimplemented,
};

describe("client-streaming calls through connectService", () => {
  let server: GrpcServer;
  let client: AsyncClient<MediaServiceClient>;
  const unhandled: unknown[] = [];
  const recordUnhandled = (reason: unknown) => void unhandled.push(reason);

  before(async () => {
    process.on("unhandledRejection", recordUnhandled);
    server = await startGrpcServer({ host: "127.0.0.1", port: 0, services: [{ definition: MediaServiceDefinition, handlers }], viewerSecret: secret, logger: createLogger("stream-test", "silent"), registry: new Registry() });
    client = connectService(MediaServiceClient, `127.0.0.1:${server.port}`, { deadlineMs: 5_000 });
  });
  after(async () => {
    process.off("unhandledRejection", recordUnhandled);
    client.close();
    await server.stop(1_000);
  });

  it("sends every message in order and resolves end() with the answer", async () => {
    const call = client.uploadMedia();
    await call.write({ options: { waitForProcessing: true } });
    for (let i = 0; i < 40; i++) await call.write({ chunk: Buffer.alloc(64 * 1024, i) });
    const { media } = await call.end();
    assert.equal(media?.id, String(40 * 64 * 1024));
    assert.equal(seen.ended, "completed");
  });

  it("rejects writes after the server refused mid-stream with its code, and leaves no rejection unhandled", async () => {
    const call = client.uploadMedia();
    await call.write({ options: { description: "refuse", waitForProcessing: true } });
    const failure = await (async () => {
      // Keep sending as an upload would; a write must fail once the refusal arrives.
      for (let i = 0; i < 10_000; i++) await call.write({ chunk: Buffer.alloc(64 * 1024) });
      return undefined;
    })().catch((error: { code?: number; details?: string }) => error);
    assert.equal(failure?.code, GrpcStatus.INVALID_ARGUMENT);
    assert.equal(failure?.details, "Validation failed: refused early");
    await assert.rejects(call.end(), (error: { code?: number }) => error.code === GrpcStatus.INVALID_ARGUMENT);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(unhandled, []);
    assert.equal(seen.ended, "refused");
  });

  it("cancels a call: the handler's stream fails with CANCELLED instead of looking complete", async () => {
    const call = client.uploadMedia();
    await call.write({ chunk: Buffer.alloc(1024) });
    await waitFor(() => seen.bytes === 1024, { what: "the first chunk at the server" });
    call.cancel();
    assert.equal(await call.end().catch((error: { code?: number }) => error.code), GrpcStatus.CANCELLED);
    assert.equal(await waitFor(() => seen.ended || undefined, { what: "the handler's stream to end" }), "cancelled");
  });
});
