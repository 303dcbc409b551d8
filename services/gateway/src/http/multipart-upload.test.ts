import assert from "node:assert/strict";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { z } from "zod";
import { createLogger } from "@starling/runtime";
import { testConfig } from "../../test/fixtures/accounts-server.ts";
import type { Clients } from "../clients/gateway-clients.ts";
import { TokenResolver } from "./authenticate.ts";
import { ActivityRecorder } from "./activity-recorder.ts";
import { bindRoute } from "./bind-route.ts";
import type { UploadPart } from "./multipart-upload.ts";
import type { Route } from "./route.ts";

const LIMIT = 256 * 1024;
const BOUNDARY = "----starling-test-boundary";

/** What the test route saw of each part: fields with their value, files with the bytes it read. */
type Seen = { name: string; value?: string; bytes?: number };

function uploadRoute(seen: Seen[]): Route {
  return {
    method: "post",
    path: "/upload",
    auth: "none",
    input: z.object({}),
    upload: () => ({ fileBytes: LIMIT, files: 2, fields: 5, fieldBytes: 100 }),
    call: async (ctx) => {
      for await (const part of ctx.upload! as AsyncIterable<UploadPart>) {
        if (part.kind === "field") {
          seen.push({ name: part.name, value: part.value });
          continue;
        }
        const entry: Seen = { name: part.name, bytes: 0 };
        seen.push(entry);
        for await (const chunk of part.stream as AsyncIterable<Buffer>) entry.bytes! += chunk.length;
      }
      return { parts: seen.length };
    },
    status: () => 202,
  };
}

const fileHead = (name: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const end = `--${BOUNDARY}--\r\n`;

describe("bindRoute upload routes", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serve(route: Route): Promise<number> {
    const app = express();
    const config = testConfig();
    const clients = {} as Clients; // the route is public and calls no service
    bindRoute(app, route, { config, clients, tokens: new TokenResolver(clients, 0, config.VIEWER_TOKEN_SECRET), activity: new ActivityRecorder(clients), logger: createLogger("upload-test", "silent"), baseUrl: "https://example.test" });
    server = createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  }

  it("hands the route fields and file bytes in body order and answers with the route's status", async () => {
    const seen: Seen[] = [];
    const port = await serve(uploadRoute(seen));
    const body = Buffer.concat([Buffer.from(field("description", "before") + fileHead("file")), Buffer.alloc(100_000, 7), Buffer.from(`\r\n${field("focus", "0.5,0.5")}${end}`)]);
    const res = await fetch(`http://127.0.0.1:${port}/upload`, { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, body });
    assert.equal(res.status, 202);
    assert.deepEqual(seen, [{ name: "description", value: "before" }, { name: "file", bytes: 100_000 }, { name: "focus", value: "0.5,0.5" }]);
  });

  it("hands a JSON body to the route as field parts", async () => {
    const seen: Seen[] = [];
    const port = await serve(uploadRoute(seen));
    const res = await fetch(`http://127.0.0.1:${port}/upload`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ description: "json" }) });
    assert.equal(res.status, 202);
    assert.deepEqual(seen, [{ name: "description", value: "json" }]);
  });

  it("cuts off a file past the limit while it streams: 422 JSON arrives before the client has finished sending", async () => {
    const seen: Seen[] = [];
    const port = await serve(uploadRoute(seen));
    const req = request({ host: "127.0.0.1", port, method: "POST", path: "/upload", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } });
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      req.on("response", resolve);
      req.on("error", reject);
    });
    req.write(fileHead("file"));
    // Twice the limit, and the body is left open: only a streaming gateway can answer now.
    let sent = 0;
    while (sent < 2 * LIMIT) {
      req.write(Buffer.alloc(16 * 1024, 1));
      sent += 16 * 1024;
    }
    const res = await answered;
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    req.destroy();
    assert.equal(res.statusCode, 422);
    assert.equal(res.headers.connection, "close");
    assert.match(JSON.parse(Buffer.concat(chunks).toString()).error, /^Validation failed: file must be smaller than 262144 bytes$/);
    assert.ok(seen[0]!.bytes! <= LIMIT, `the route read ${seen[0]!.bytes} bytes, more than the limit`);
  });

  it("refuses a text field over its size with 422 JSON", async () => {
    const port = await serve(uploadRoute([]));
    const body = field("description", "x".repeat(500)) + end;
    const res = await fetch(`http://127.0.0.1:${port}/upload`, { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, body });
    assert.equal(res.status, 422);
    assert.deepEqual(await res.json(), { error: "Validation failed: description is too long" });
  });

  it("answers 400 JSON to a multipart body without a boundary", async () => {
    const port = await serve(uploadRoute([]));
    const res = await fetch(`http://127.0.0.1:${port}/upload`, { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "x" });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: "Malformed multipart body" });
  });
});
