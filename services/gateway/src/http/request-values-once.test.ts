import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import express from "express";
import { requestValuesOnce, weakETag } from "./request-values-once.ts";

describe("request values worked out once", () => {
  it("keep one parsed query and one client address for the whole request", async () => {
    const app = express();
    app.set("query parser", "extended");
    app.use(requestValuesOnce);
    app.get("/q", (req, res) => void res.json({ same: req.query === req.query, query: req.query, ip: req.ip }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/q?types[]=a&types[]=b&limit=3`);
      assert.deepEqual(await answer.json(), { same: true, query: { types: ["a", "b"], limit: "3" }, ip: "127.0.0.1" });
    } finally {
      server.close();
    }
  });

  // Expected values from the etag package (1.8.1) that Express uses by default, so clients' stored ETags stay valid.
  it("make the same weak ETags as Express's default", () => {
    assert.equal(weakETag(Buffer.from("")), 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"');
    assert.equal(weakETag(Buffer.from("hello")), 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"');
    assert.equal(weakETag(Buffer.from('[{"content":"héllo 🌍"}]')), 'W/"1b-5eVzfqSkhpUtdgPxFX9B3dbNdX4"');
    assert.equal(weakETag('[{"content":"héllo 🌍"}]'), 'W/"1b-5eVzfqSkhpUtdgPxFX9B3dbNdX4"');
  });
});
