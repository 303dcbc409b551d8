// Starts the media service over real gRPC on a real database, once per backend: the embedded test server always,
// PostgreSQL too when DATABASE_URL is set (in a schema of its own). Uploads go through the real
// client-streaming RPCs, chunked as the gateway sends them.
import { join } from "node:path";
import { credentials, Metadata, type ServiceError } from "@grpc/grpc-js";
import type { Database } from "@starling/db";
import type { EventBus, EventEnvelope } from "@starling/events";
import { startServiceHarness } from "@starling/platform/service-harness";
import {
  MediaPartKind,
  MediaServiceClient,
  type MediaAttachment,
  type UpdateMediaOptions,
  type UpdateMediaRequest,
  type UploadMediaRequest,
  type UploadOptions,
} from "@starling/proto/media/v1/media";
import { connectService, signViewer, VIEWER_METADATA_KEY, type AsyncClient, type ViewerRole } from "@starling/runtime";
import { mediaEnv } from "../src/config.ts";
import { startMediaService } from "../src/service.ts";
import type { MediaDeps } from "../src/use-cases/deps.ts";

export { testBackends as backends } from "@starling/platform/service-harness";

const SECRET = "media-test-secret-0123456789abcdef0123";
const CHUNK = 64 * 1024;

/** A file to send: bytes plus what the client claims about them. */
export interface PartInput {
  bytes: Buffer;
  fileName?: string;
  contentType?: string;
}

/** A running media service and what tests need around it. */
export interface MediaHarness {
  client: AsyncClient<MediaServiceClient>;
  db: Database;
  deps: MediaDeps;
  mediaDir: string;
  /** Base URL of the file HTTP server, with its /system path. */
  filesUrl: string;
  /** Base URL of the admin port: /livez, /readyz, /metrics. */
  adminUrl: string;
  events: EventEnvelope[];
  /** The service's event bus, for tests that publish what other services would. */
  bus: EventBus;
  /** host:port of the gRPC server, for clients of its other services. */
  grpcAddress: string;
  /** The clock the service reads; tests move it forward. */
  clock: { now: Date };
  /** Call options of a signed viewer; `role` for the staff-only calls. */
  viewer(accountId: string, role?: ViewerRole): Promise<{ viewerToken: string }>;
  upload(accountId: string, options: UploadOptions, file?: PartInput, thumbnail?: PartInput): Promise<MediaAttachment>;
  update(accountId: string, options: UpdateMediaOptions, thumbnail?: PartInput): Promise<MediaAttachment>;
  /** Sends the start of an upload and then cancels the call, as the gateway does when a client goes away. */
  cancelUpload(accountId: string, file: PartInput): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the service; `workers: false` leaves pending uploads to the test to process by hand. */
export async function startMediaHarness(backend: { url?: string }, options: { workers?: boolean; env?: Record<string, string> } = {}): Promise<MediaHarness> {
  const clock = { now: new Date() };
  const harness = await startServiceHarness({
    service: "media",
    configSchema: mediaEnv,
    viewerSecret: SECRET,
    databaseUrl: backend.url,
    env: { HTTP_PORT: "0", ...options.env },
    shutdownTimeoutMs: 10_000,
    start: (config, context, infra) => startMediaService(config, context, infra, { now: () => clock.now, workers: options.workers ?? true }),
  });
  const { endpoints: started, address } = harness;
  const client = connectService(MediaServiceClient, address, { deadlineMs: 60_000 });
  const raw = new MediaServiceClient(address, credentials.createInsecure(), { "grpc.max_receive_message_length": 16 * 1024 * 1024 });
  const token = (accountId: string, role?: ViewerRole) => signViewer(SECRET, { accountId, scopes: ["write:media"], role });
  type Call<R> = { write(m: R): boolean; end(): void; cancel(): void };
  const open = async <R>(method: "uploadMedia" | "updateMedia", accountId: string, done: (e: ServiceError | null, r?: { media?: MediaAttachment }) => void, deadlineMs = 60_000): Promise<Call<R>> => {
    const metadata = new Metadata();
    metadata.set(VIEWER_METADATA_KEY, await token(accountId));
    const start = raw[method] as unknown as (m: Metadata, o: object, cb: typeof done) => Call<R>;
    return start.call(raw, metadata, { deadline: Date.now() + deadlineMs }, done);
  };
  const send = <R>(method: "uploadMedia" | "updateMedia", accountId: string, messages: R[]): Promise<MediaAttachment> =>
    new Promise((resolve, reject) => {
      open<R>(method, accountId, (error, response) => (error ? reject(error) : resolve(response!.media!))).then((call) => {
        for (const message of messages) call.write(message);
        call.end();
      }, reject);
    });
  return {
    client,
    db: harness.db("media"),
    deps: started.deps,
    mediaDir: join(harness.env.DATA_DIR!, "media"),
    filesUrl: `http://127.0.0.1:${started.httpPort}/system`,
    adminUrl: `http://127.0.0.1:${started.adminPort}`,
    events: harness.events,
    bus: harness.bus,
    grpcAddress: address,
    clock,
    viewer: async (accountId, role) => ({ viewerToken: await token(accountId, role) }),
    upload: (accountId, options, file, thumbnail) =>
      send<UploadMediaRequest>("uploadMedia", accountId, [
        { options },
        ...(file ? partMessages(MediaPartKind.MEDIA_PART_KIND_FILE, file) : []),
        ...(thumbnail ? partMessages(MediaPartKind.MEDIA_PART_KIND_THUMBNAIL, thumbnail) : []),
      ]),
    update: (accountId, options, thumbnail) =>
      send<UpdateMediaRequest>("updateMedia", accountId, [{ options }, ...(thumbnail ? partMessages(MediaPartKind.MEDIA_PART_KIND_THUMBNAIL, thumbnail) : [])]),
    cancelUpload: (accountId, file) =>
      new Promise((resolve, reject) => {
        // A short deadline, as the gateway sets one: the server may only learn of the cancel when it passes.
        const cancelled = (error: ServiceError | null) => (error?.code === 1 ? resolve() : reject(error ?? new Error("the upload was not cancelled")));
        open<UploadMediaRequest>("uploadMedia", accountId, cancelled, 2_000).then((call) => {
          for (const message of [{ options: { waitForProcessing: true } }, ...partMessages(MediaPartKind.MEDIA_PART_KIND_FILE, file)]) call.write(message);
          call.cancel();
        }, reject);
      }),
    async stop() {
      client.close();
      raw.close();
      await harness.stop();
    },
  };
}

function partMessages(kind: MediaPartKind, input: PartInput): Array<{ part?: UploadMediaRequest["part"]; chunk?: Buffer }> {
  const messages: Array<{ part?: UploadMediaRequest["part"]; chunk?: Buffer }> = [{ part: { kind, fileName: input.fileName ?? "", contentType: input.contentType ?? "" } }];
  for (let offset = 0; offset < input.bytes.length; offset += CHUNK) messages.push({ chunk: input.bytes.subarray(offset, offset + CHUNK) });
  return messages;
}
