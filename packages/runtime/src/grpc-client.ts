import { ChannelCredentials, Metadata, type CallOptions, type Client, type ClientUnaryCall, type ServiceError } from "@grpc/grpc-js";
import { VIEWER_METADATA_KEY } from "./viewer.ts";

/** Per-call options of an {@link AsyncClient} method. */
export interface CallOptionsLite {
  /** The signed viewer to send (from the gateway, or forwarded from an incoming call). */
  viewerToken?: string | undefined;
  /** Overrides the client's default deadline. */
  deadlineMs?: number;
}

type UnaryMethod<Req, Res> = (request: Req, metadata: Metadata, options: Partial<CallOptions>, callback: (error: ServiceError | null, response: Res) => void) => ClientUnaryCall;

/** A generated grpc-js client with every unary method turned into a promise-returning function. */
export type AsyncClient<C> = {
  [K in keyof C as C[K] extends UnaryMethod<any, any> ? K : never]: C[K] extends UnaryMethod<infer Req, infer Res> ? (request: Req, options?: CallOptionsLite) => Promise<Res> : never;
} & { close(): void };

type ClientConstructor<C> = new (address: string, credentials: ChannelCredentials, options?: Record<string, unknown>) => C;

/**
 * Connects a generated client to `address` (host:port) with a default deadline on every call, so
 * a dead service answers UNAVAILABLE/DEADLINE_EXCEEDED in bounded time instead of hanging.
 */
export function connectService<C extends Client>(Constructor: ClientConstructor<C>, address: string, defaults: { deadlineMs: number }): AsyncClient<C> {
  const client = new Constructor(address, ChannelCredentials.createInsecure(), {
    "grpc.keepalive_time_ms": 30_000,
    "grpc.max_receive_message_length": 16 * 1024 * 1024,
  });
  return new Proxy({} as AsyncClient<C>, {
    get(_, property: string) {
      if (property === "close") return () => client.close();
      if (property === "then") return undefined; // not a thenable
      const method = (client as unknown as Record<string, UnaryMethod<unknown, unknown>>)[property];
      if (typeof method !== "function") return undefined;
      return (request: unknown, options: CallOptionsLite = {}) =>
        new Promise((resolve, reject) => {
          const metadata = new Metadata();
          if (options.viewerToken) metadata.set(VIEWER_METADATA_KEY, options.viewerToken);
          const deadline = Date.now() + (options.deadlineMs ?? defaults.deadlineMs);
          method.call(client, request, metadata, { deadline }, (error, response) => (error ? reject(error) : resolve(response)));
        });
    },
  });
}
