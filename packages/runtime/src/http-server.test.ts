import assert from "node:assert/strict";
import { connect } from "node:net";
import { createServiceContext } from "./service-host.ts";
import { startHttpServer } from "./http-server.ts";

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("startHttpServer", function () {
  const context = createServiceContext("http-server-test", { logLevel: "silent", shutdownTimeoutMs: 5_000 });
  let port = 0;

  before(async function () {
    port = await startHttpServer(context, { name: "test HTTP server", host: "127.0.0.1", port: 0 }, (_req, res) => res.end("ok"));
  });

  after(async function () {
    await context.shutdown.run("test over");
  });

  it("answers a request line over Node's header limit with 431 and a JSON error", async function () {
    const answer = await rawExchange(port, `GET /${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    assert.match(answer, /^HTTP\/1\.1 431 /);
    assert.match(answer, /content-type: application\/json/i);
    assert.deepEqual(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)), { error: "Request Header Fields Too Large" });
  });

  it("answers a request it cannot parse with 400 and a JSON error", async function () {
    const answer = await rawExchange(port, "NOT HTTP AT ALL\r\n\r\n");
    assert.match(answer, /^HTTP\/1\.1 400 /);
    assert.deepEqual(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)), { error: "Bad Request" });
  });
});
