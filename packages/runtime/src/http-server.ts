import { createServer, type IncomingMessage, type RequestListener } from "node:http";
import type { Duplex } from "node:stream";
import type { AddressInfo } from "node:net";
import type { ServiceContext } from "./service-host.ts";

/**
 * Starts an HTTP server for a service and registers its graceful close in the "servers" phase:
 * no new connections, idle keep-alive connections dropped, open requests finished. Returns the
 * bound port (0 picks a free one). `upgrade` takes the requests that ask to switch protocols
 * (WebSocket); without it they are refused, as Node does.
 */
export async function startHttpServer(
  context: ServiceContext,
  options: { name: string; host: string; port: number; keepAliveTimeoutMs?: number; upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void },
  handler: RequestListener,
): Promise<number> {
  const server = createServer(handler);
  if (options.upgrade) server.on("upgrade", options.upgrade);
  if (options.keepAliveTimeoutMs) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  context.shutdown.add("servers", options.name, () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    return closed;
  });
  return (server.address() as AddressInfo).port;
}
