import { Server, ServerCredentials, status as GrpcStatus, type Metadata, type ServiceError as GrpcServiceError, type ServiceDefinition, type UntypedServiceImplementation, type handleClientStreamingCall, type handleUnaryCall, type sendUnaryData, type ServerReadableStream, type ServerUnaryCall } from "@grpc/grpc-js";
import { HealthImplementation } from "grpc-health-check";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { grpcServerHistogram } from "./metrics.ts";
import { registerLocalServer, type LocalUnaryMethod } from "./local-calls.ts";
import { nulTextPath } from "./nul-text.ts";
import { copyMessage, grpcDefinition, type MethodDescription, type ServiceDescription } from "./service-description.ts";
import { invalidArgument, toGrpcError, unauthenticated, ServiceError } from "./service-error.ts";
import { viewerFromMetadata, VIEWER_METADATA_KEY, type Viewer } from "./viewer.ts";

/** What a handler knows about the call besides its request. */
export interface CallContext {
  /** The verified viewer, when the caller sent one. */
  viewer: Viewer | undefined;
  /** The signed viewer as received, to forward on calls this handler makes to other services. */
  viewerToken: string | undefined;
  metadata: Metadata;
}

/**
 * The generated `XServiceServer` interface turned into async handlers that return or throw. A
 * client-streaming method receives its request messages as an async iterable (it throws when the
 * caller cancels), so uploads are consumed chunk by chunk instead of buffered.
 */
export type AsyncHandlers<S> = {
  [K in keyof S as string extends K ? never : K]: S[K] extends handleClientStreamingCall<infer Req, infer Res>
    ? (requests: AsyncIterable<Req>, context: CallContext) => Promise<Res>
    : S[K] extends handleUnaryCall<infer Req, infer Res>
      ? (request: Req, context: CallContext) => Promise<Res>
      : never;
};

/** One gRPC service to serve: its generated description (`XServiceDefinition`) and its async handlers. */
export interface ServedService {
  definition: ServiceDescription;
  handlers: Record<string, (request: any, context: CallContext) => Promise<any>>;
}

/** A running gRPC server with the standard health service (grpc.health.v1). */
export interface GrpcServer {
  readonly port: number;
  /** Marks every served service SERVING or NOT_SERVING in the health service. */
  setServing(serving: boolean): void;
  /** Stops taking calls, waits for in-flight ones up to `graceMs`, then forces. */
  stop(graceMs: number): Promise<void>;
}

/** Binds a gRPC server with the given services plus health, on `host:port` (0 picks a free port). */
export async function startGrpcServer(options: {
  host: string;
  port: number;
  services: ServedService[];
  viewerSecret: string;
  logger: Logger;
  registry: Registry;
}): Promise<GrpcServer> {
  const server = new Server();
  const names = options.services.map((s) => s.definition.fullName);
  const health = new HealthImplementation(Object.fromEntries(["", ...names].map((n) => [n, "NOT_SERVING" as const])));
  health.addToServer(server);
  const histogram = grpcServerHistogram(options.registry);
  const local = new Map<string, LocalUnaryMethod>();
  for (const service of options.services) {
    const definition = grpcDefinition(service.definition);
    const serve = servingFunctions(definition, service.handlers, options.viewerSecret, options.logger, histogram);
    server.addService(definition, wireImplementation(definition, serve));
    for (const [method, description] of Object.entries(service.definition.methods)) {
      if (!description.requestStream) local.set(definition[method]!.path, localUnary(description, serve.get(method)!));
    }
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${options.host}:${options.port}`, ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  const withdrawLocal = registerLocalServer(`${options.host}:${port}`, local);
  const setServing = (serving: boolean) => {
    for (const name of ["", ...names]) health.setStatus(name, serving ? "SERVING" : "NOT_SERVING");
  };
  setServing(true);
  return {
    port,
    setServing,
    stop: (graceMs) =>
      new Promise<void>((resolve) => {
        withdrawLocal();
        const timer = setTimeout(() => server.forceShutdown(), graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

/** One method's handling, transport aside: viewer check, handler, metrics, error mapping. */
type Serve = (request: unknown, metadata: Metadata) => Promise<unknown>;

function servingFunctions(service: ServiceDefinition, handlers: ServedService["handlers"], secret: string, logger: Logger, histogram: ReturnType<typeof grpcServerHistogram>): Map<string, Serve> {
  const serving = new Map<string, Serve>();
  for (const [method, definition] of Object.entries(service)) {
    const handler = handlers[method];
    if (!handler) throw new Error(`no handler for ${definition.path}`);
    serving.set(method, async (request, metadata) => {
      const end = histogram.startTimer({ method: definition.path });
      try {
        const raw = metadata.get(VIEWER_METADATA_KEY)[0];
        let viewer: Viewer | undefined;
        try {
          viewer = await viewerFromMetadata(secret, metadata);
        } catch {
          throw unauthenticated("invalid viewer token");
        }
        const nul = definition.requestStream ? undefined : nulTextPath(request);
        if (nul) throw invalidArgument(`${nul} must not contain NUL characters`);
        const response = await handler(request, { viewer, viewerToken: typeof raw === "string" ? raw : undefined, metadata });
        end({ code: "OK" });
        return response;
      } catch (error) {
        const grpcError = toGrpcError(error);
        end({ code: GrpcStatus[grpcError.code ?? GrpcStatus.INTERNAL] });
        if (!(error instanceof ServiceError)) logger.error({ err: error, method: definition.path }, "unhandled error in gRPC handler");
        throw Object.assign(new Error(`${grpcError.code} ${GrpcStatus[grpcError.code ?? GrpcStatus.INTERNAL]}: ${grpcError.details ?? ""}`), grpcError);
      }
    });
  }
  return serving;
}

function wireImplementation(definition: ServiceDefinition, serving: Map<string, Serve>): UntypedServiceImplementation {
  const implementation: UntypedServiceImplementation = {};
  for (const [method, methodDefinition] of Object.entries(definition)) {
    const serve = serving.get(method)!;
    implementation[method] = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      serve(methodDefinition.requestStream ? requestStream(call) : call.request, call.metadata).then(
        (response) => callback(null, response),
        (error: Partial<GrpcServiceError>) => callback(error),
      );
    };
  }
  return implementation;
}

// The in-process form of a unary method: each side gets its own copy of the messages, as decoding gives.
function localUnary(method: MethodDescription, serve: Serve): LocalUnaryMethod {
  return (request, metadata) => {
    const copy = copyMessage(method.requestType, request);
    return serve(copy, metadata).then((response) => copyMessage(method.responseType, response));
  };
}

// How long a client stream that ended is watched for a late cancel before it counts as complete.
const CANCEL_GRACE_MS = 100;

/** A client stream as an async iterable that fails, instead of waiting forever, when the caller cancels. */
function requestStream(call: ServerUnaryCall<unknown, unknown>): AsyncIterable<unknown> {
  const stream = call as unknown as ServerReadableStream<unknown, unknown>;
  const cancelled = () => new ServiceError(GrpcStatus.CANCELLED, "the caller cancelled the stream");
  stream.on("cancelled", () => stream.destroy(cancelled()));
  return (async function* () {
    try {
      for await (const message of stream as AsyncIterable<unknown>) {
        const nul = nulTextPath(message);
        if (nul) throw invalidArgument(`${nul} must not contain NUL characters`);
        yield message;
      }
    } catch (error) {
      throw stream.cancelled ? cancelled() : error;
    }
    // Node's http2 close() half-closes a stream before it resets it, so a caller's cancel first
    // looks like a complete stream here. The reset usually arrives with the same read, but on a
    // busy host it can come a little later: wait a short grace for it (or for the cancel event),
    // so an upload cut off midway is not taken for a whole one.
    if (!stream.cancelled) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CANCEL_GRACE_MS);
        stream.once("cancelled", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (stream.cancelled) throw cancelled();
  })();
}
