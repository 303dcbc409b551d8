import type { Metadata } from "@grpc/grpc-js";

/**
 * A unary method served by a gRPC server of this process: it takes the caller's request message and
 * answers with a message of the caller's own, each a copy as decoding would give (copyMessage).
 */
export type LocalUnaryMethod = (request: unknown, metadata: Metadata) => Promise<unknown>;

// Servers of this process by the address they listen on ("127.0.0.1:50052"), then method path.
const servers = new Map<string, ReadonlyMap<string, LocalUnaryMethod>>();

/**
 * Makes a server's unary methods callable in-process at `address`, until the returned function
 * withdraws them. When every service runs in one process (the embedded run), a call between two
 * of them then skips the proto encoding, HTTP/2 framing and the loopback socket — but not the
 * viewer check, the deadline or the error mapping, so it behaves as the wire call would.
 */
export function registerLocalServer(address: string, methods: ReadonlyMap<string, LocalUnaryMethod>): () => void {
  servers.set(address, methods);
  return () => {
    if (servers.get(address) === methods) servers.delete(address);
  };
}

/** The in-process method at `address` and `path`, when a server of this process serves it. */
export function localMethod(address: string, path: string): LocalUnaryMethod | undefined {
  return servers.get(address)?.get(path);
}
