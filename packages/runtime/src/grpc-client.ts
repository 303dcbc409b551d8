import { ChannelCredentials, Metadata, status as GrpcStatus, type CallOptions, type Client, type ClientUnaryCall, type ClientWritableStream, type ServiceError } from "@grpc/grpc-js";
import { localMethod, type LocalUnaryMethod } from "./local-calls.ts";
import { VIEWER_METADATA_KEY } from "./viewer.ts";

/** Per-call options of an {@link AsyncClient} method. */
export interface CallOptionsLite {
  /** The signed viewer to send (from the gateway, or forwarded from an incoming call). */
  viewerToken?: string | undefined;
  /** Overrides the client's default deadline. */
  deadlineMs?: number;
}

type UnaryMethod<Req, Res> = (request: Req, metadata: Metadata, options: Partial<CallOptions>, callback: (error: ServiceError | null, response: Res) => void) => ClientUnaryCall;

/** What grpc-js attaches to each method of a generated client. */
interface MethodAttributes {
  path: string;
}

type ClientStreamMethod<Req, Res> = (metadata: Metadata, options: Partial<CallOptions>, callback: (error: ServiceError | null, response: Res) => void) => ClientWritableStream<Req>;

/** An open client-streaming call: write the messages, then end it for the answer. */
export interface ClientStreamCall<Req, Res> {
  /** Sends one message; resolves once the transport takes more (backpressure), rejects when the call failed. */
  write(message: Req): Promise<void>;
  /** Half-closes the stream and waits for the answer. */
  end(): Promise<Res>;
  /** Cancels the call; the server sees CANCELLED and should keep nothing of it. */
  cancel(): void;
}

/**
 * A generated grpc-js client with every unary method turned into a promise-returning function and
 * every client-streaming method into one that opens a {@link ClientStreamCall}.
 */
export type AsyncClient<C> = {
  [K in keyof C as C[K] extends ClientStreamMethod<any, any> ? K : C[K] extends UnaryMethod<any, any> ? K : never]: C[K] extends ClientStreamMethod<infer Req, infer Res>
    ? (options?: CallOptionsLite) => ClientStreamCall<Req, Res>
    : C[K] extends UnaryMethod<infer Req, infer Res>
      ? (request: Req, options?: CallOptionsLite) => Promise<Res>
      : never;
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
      const method = (client as unknown as Record<string, UnaryMethod<unknown, unknown> & MethodAttributes & { requestStream?: boolean }>)[property];
      if (typeof method !== "function") return undefined;
      const callOptions = (options: CallOptionsLite) => {
        const metadata = new Metadata();
        if (options.viewerToken) metadata.set(VIEWER_METADATA_KEY, options.viewerToken);
        return { metadata, deadline: Date.now() + (options.deadlineMs ?? defaults.deadlineMs) };
      };
      if (method.requestStream) {
        return (options: CallOptionsLite = {}) => {
          const { metadata, deadline } = callOptions(options);
          return openClientStream((callback) => (method as unknown as ClientStreamMethod<unknown, unknown>).call(client, metadata, { deadline }, callback));
        };
      }
      return (request: unknown, options: CallOptionsLite = {}) => {
        const { metadata, deadline } = callOptions(options);
        // A server of this very process (the embedded run) is called without the socket.
        const local = localMethod(address, method.path);
        if (local) return callLocally(local, request, metadata, deadline);
        return new Promise((resolve, reject) => {
          method.call(client, request, metadata, { deadline }, (error, response) => (error ? reject(error) : resolve(response)));
        });
      };
    },
  });
}

// One promise per call, settled by the answer or by the deadline, whichever comes first: no race of
// two promises and no async frame around them (the embedded server makes a few such calls per request).
function callLocally(local: LocalUnaryMethod, request: unknown, metadata: Metadata, deadline: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error("4 DEADLINE_EXCEEDED: Deadline exceeded"), { code: GrpcStatus.DEADLINE_EXCEEDED, details: "Deadline exceeded", metadata: new Metadata() })), deadline - Date.now());
    local(request, metadata).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function openClientStream<Req, Res>(start: (callback: (error: ServiceError | null, response: Res) => void) => ClientWritableStream<Req>): ClientStreamCall<Req, Res> {
  let failure: ServiceError | undefined;
  let cancelled = false;
  let stream!: ClientWritableStream<Req>;
  const answer = new Promise<Res>((resolve, reject) => {
    stream = start((error, response) => {
      if (error) {
        failure = error;
        reject(error);
      } else resolve(response);
    });
  });
  // The answer may fail before end() is awaited (the server refused early); write() reports it then.
  answer.catch(() => undefined);
  // Settles either way, so no derived promise is left rejected and unhandled.
  const settled = answer.then(
    () => undefined,
    () => undefined,
  );
  return {
    async write(message) {
      if (failure) throw failure;
      if (stream.write(message)) return;
      await Promise.race([new Promise<void>((resolve) => stream.once("drain", () => resolve())), settled]);
      if (failure) throw failure;
    },
    end() {
      // A cancelled call is not half-closed: the server must not mistake it for a complete stream.
      if (!failure && !cancelled) stream.end();
      return answer;
    },
    cancel() {
      cancelled = true;
      stream.cancel();
    },
  };
}
