import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";
import type { Readiness } from "./readiness.ts";

/** The admin HTTP port of a service: `/livez`, `/readyz` and Prometheus `/metrics`. */
export interface AdminServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Starts the admin port; `port` 0 picks a free one. */
export async function startAdminServer(options: { host: string; port: number; readiness: Readiness; registry: Registry }): Promise<AdminServer> {
  const { readiness, registry } = options;
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    try {
      if (path === "/livez") return send(res, 200, "application/json", JSON.stringify({ status: "ok" }));
      if (path === "/readyz") {
        const report = await readiness.evaluate();
        return send(res, report.ready ? 200 : 503, "application/json", JSON.stringify(report));
      }
      if (path === "/metrics") return send(res, 200, registry.contentType, await registry.metrics());
      send(res, 404, "application/json", JSON.stringify({ error: "Not Found" }));
    } catch (error) {
      send(res, 500, "application/json", JSON.stringify({ error: String(error) }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function send(res: import("node:http").ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "content-type": type }).end(body);
}
