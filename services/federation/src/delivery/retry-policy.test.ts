import assert from "node:assert/strict";
import { circuitOpenMs, outcomeOfStatus, retryDelayMs } from "./retry-policy.ts";

describe("delivery retry policy", () => {
  it("delivers on 2xx, gives up on permanent refusals, retries the rest", () => {
    assert.deepEqual([200, 202, 204].map(outcomeOfStatus), ["delivered", "delivered", "delivered"]);
    assert.deepEqual([400, 403, 404, 410, 422, 501].map(outcomeOfStatus), Array(6).fill("rejected"));
    assert.deepEqual([301, 401, 408, 429, 500, 502, 503].map(outcomeOfStatus), Array(7).fill("retry"));
  });

  it("backs off as n⁴ + 15 seconds plus bounded jitter, for days in all", () => {
    assert.equal(retryDelayMs(1, 1, () => 0), 16_000);
    assert.equal(retryDelayMs(3, 1, () => 0), 96_000);
    assert.equal(retryDelayMs(3, 1, () => 1), Math.round((96 + 81 / 2 + 40) * 1_000));
    for (let n = 1; n < 15; n++) assert.ok(retryDelayMs(n + 1, 1, () => 0) > retryDelayMs(n, 1, () => 0), `try ${n + 1} waits longer than try ${n}`);
    const total = Array.from({ length: 15 }, (_, i) => retryDelayMs(i + 1, 1, () => 0)).reduce((a, b) => a + b, 0);
    assert.ok(total > 2 * 86_400_000, `${total / 86_400_000} days over 16 tries`);
    assert.equal(retryDelayMs(2, 0.001, () => 0), 31);
  });

  it("keeps a circuit open twice as long each time, up to the cap", () => {
    assert.deepEqual([1, 2, 3, 4].map((n) => circuitOpenMs(n, 60_000, 86_400_000)), [60_000, 120_000, 240_000, 480_000]);
    assert.equal(circuitOpenMs(30, 60_000, 86_400_000), 86_400_000);
    assert.equal(circuitOpenMs(500, 60_000, 86_400_000), 86_400_000);
  });
});
