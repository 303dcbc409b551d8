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
  server.on("clientError", answerUnparsable);
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

/**
 * What Node's parser refused (a request line or headers over its 16 KiB limit, bad syntax, a
 * header timeout) gets the same JSON error body as every other refusal; Node's own answer has no
 * body, which clients and the API's contract do not expect.
 */
function answerUnparsable(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason] =
    error.code === "HPE_HEADER_OVERFLOW" ? [431, "Request Header Fields Too Large"] : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? [408, "Request Timeout"] : [400, "Bad Request"];
  const body = JSON.stringify({ error: reason });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
