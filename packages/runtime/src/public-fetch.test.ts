import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { isPublicAddress } from "./public-address.ts";
import { publicFetch, PublicFetchError } from "./public-fetch.ts";

async function reason(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof PublicFetchError, String(error));
    return error.reason;
  }
  throw new Error("expected the fetch to fail");
}

describe("public fetch", () => {
  let server: Server;
  let base: string;
  before(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url!, "http://x");
      if (url.pathname === "/page") return res.end("<html>hello</html>");
      if (url.pathname === "/big") return res.end("x".repeat(200_000));
      if (url.pathname === "/loop") return res.writeHead(302, { location: `/loop?n=${Number(url.searchParams.get("n") ?? 0) + 1}` }).end();
      if (url.pathname === "/to-page") return res.writeHead(301, { location: "/page" }).end();
      if (url.pathname === "/to-private") return res.writeHead(302, { location: url.searchParams.get("target")! }).end();
      if (url.pathname === "/slow") return void setTimeout(() => res.end("late"), 2_000).unref();
      res.writeHead(404).end("missing");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it("refuses a server on 127.0.0.1 by default, by address and by a name resolving to loopback", async () => {
    assert.equal(await reason(publicFetch(`${base}/page`)), "private_address");
    assert.equal(await reason(publicFetch(base.replace("127.0.0.1", "localhost") + "/page")), "private_address");
  });

  it("fetches a private address when allowed, following redirects", async () => {
    const response = await publicFetch(`${base}/to-page`, { allowPrivate: true });
    assert.equal(response.status, 200);
    assert.equal(response.url, `${base}/page`);
    assert.equal(response.body.toString(), "<html>hello</html>");
    assert.equal(response.truncated, false);
  });

  it("answers error statuses instead of failing", async () => {
    assert.equal((await publicFetch(`${base}/nope`, { allowPrivate: true })).status, 404);
  });

  it("cuts an oversized body at the byte cap", async () => {
    const response = await publicFetch(`${base}/big`, { allowPrivate: true, maxBytes: 1000 });
    assert.equal(response.body.length, 1000);
    assert.equal(response.truncated, true);
  });

  it("writes the final answer's body to a file when asked, after redirects, cut at the byte cap", async () => {
    const dir = await mkdtemp(join(tmpdir(), "public-fetch-"));
    try {
      const whole = await publicFetch(`${base}/to-page`, { allowPrivate: true, toFile: join(dir, "page") });
      assert.deepEqual([whole.status, whole.size, whole.body.length], [200, 18, 0]);
      assert.equal(await readFile(join(dir, "page"), "utf8"), "<html>hello</html>");
      const cut = await publicFetch(`${base}/big`, { allowPrivate: true, maxBytes: 150_000, toFile: join(dir, "big") });
      assert.deepEqual([cut.truncated, cut.size, (await stat(join(dir, "big"))).size], [true, 150_000, 150_000]);
      const small = await publicFetch(`${base}/big`, { allowPrivate: true, maxBytes: 300_000, toFile: join(dir, "all") });
      assert.deepEqual([small.truncated, small.size, (await stat(join(dir, "all"))).size], [false, 200_000, 200_000]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives up after the allowed number of redirects", async () => {
    assert.equal(await reason(publicFetch(`${base}/loop`, { allowPrivate: true, maxRedirects: 3 })), "too_many_redirects");
  });

  it("re-checks every redirect hop, refusing one to a private address", async () => {
    // Only the test server's own address is let through, standing in for a public page that
    // redirects inwards: the hop to another loopback address must be refused.
    const onlyTestServer = (address: string) => address === "127.0.0.1";
    const inward = `${base}/to-private?target=${encodeURIComponent("http://[::1]:9/secret")}`;
    assert.equal(await reason(publicFetch(inward, { allowPrivate: onlyTestServer })), "private_address");
    const withScheme = `${base}/to-private?target=${encodeURIComponent("ftp://example.com/")}`;
    assert.equal(await reason(publicFetch(withScheme, { allowPrivate: true })), "protocol");
  });

  it("stops at the deadline", async () => {
    assert.equal(await reason(publicFetch(`${base}/slow`, { allowPrivate: true, timeoutMs: 200 })), "timeout");
  });

  it("refuses URLs that are not http(s) or carry credentials", async () => {
    assert.equal(await reason(publicFetch("file:///etc/passwd")), "protocol");
    assert.equal(await reason(publicFetch("https://user:secret@example.com/")), "bad_url");
    assert.equal(await reason(publicFetch("not a url")), "bad_url");
    assert.equal(await reason(publicFetch(`${base}/page`, { allowPrivate: true, protocols: ["https:"] })), "protocol");
  });

  it("tells public addresses from loopback, private, link-local, CGNAT, mapped and tunnelled ones", () => {
    for (const address of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:93.184.216.34"]) assert.equal(isPublicAddress(address), true, address);
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "255.255.255.255", "224.0.0.1", "::1", "::", "fe80::1", "fc00::1", "::ffff:127.0.0.1", "2002:7f00:1::1", "64:ff9b::7f00:1", "not-an-ip"]) {
      assert.equal(isPublicAddress(address), false, address);
    }
  });
});
