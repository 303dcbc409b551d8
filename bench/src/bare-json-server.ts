/**
 * The yardstick: a bare Node HTTP server answering every request with one JSON page held in
 * memory. The bench forks it (without tsx) and sends it the page Starling served; it answers the
 * port it listens on. Type-stripping syntax only: Node runs this file as it is.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serveForked } from "./forked-server.ts";

/** What the bench sends the forked server. */
export interface BarePage {
  /** The response body, base64, so any bytes survive the IPC channel. */
  body: string;
  contentType: string;
}

serveForked<BarePage>(async (message) => {
  const body = Buffer.from(message.body, "base64");
  const headers = { "content-type": message.contentType, "content-length": String(body.length) };
  const server = createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  await once(server.listen(0, "127.0.0.1"), "listening");
  return (server.address() as AddressInfo).port;
});
