import assert from "node:assert/strict";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { fuzzApi, type FuzzReport } from "../src/harness/fuzz-api.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

// Time budgets per stack (a 2-core CI machine): most of it with a token, the rest without.
const SIGNED_IN_SECONDS = 100;
const ANONYMOUS_SECONDS = 35;

function assertClean(report: FuzzReport, what: string): void {
  console.log(`      ${what}: ${report.requests} requests fuzzed, by status ${JSON.stringify(report.byStatus)}`);
  assert.ok(report.requests > 200, `${what}: schemathesis sent only ${report.requests} requests\n${report.output}`);
  assert.deepEqual(report.serverErrors, [], `${what}: server errors\n${report.output}`);
  assert.deepEqual(report.nonJsonErrors, [], `${what}: error answers that are not JSON`);
  assert.equal(report.networkErrors, 0, `${what}: requests that got no answer\n${report.output}`);
}

/**
 * The gateway's OpenAPI document, served publicly, drives a property-based fuzzer (schemathesis)
 * over every operation, signed in with a broad token and anonymously: no answer may be a 5xx, and
 * every error answer must be JSON. scripts/test-setup.sh installs schemathesis (pinned, from PyPI).
 */
function describeFuzzing(start: () => Promise<Stack>): void {
  let stack: Stack;
  let fuzzer: Session;
  let document: { openapi: string; paths: Record<string, unknown> };
  suiteSessions(start, ["fuzzer"], (suite) => ({ stack, fuzzer } = suite));

  it("serves the OpenAPI 3.1 document without a token, with CORS", async () => {
    const res = await fetch(`${stack.url}/api/openapi.json`, { headers: { origin: "https://client.example" } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    document = (await res.json()) as typeof document;
    assert.equal(document.openapi, "3.1.0");
    assert.ok(Object.keys(document.paths).length > 50);
  });

  it("answers every fuzzed request with a token without a 5xx, errors as JSON", async function () {
    this.timeout((SIGNED_IN_SECONDS + 300) * 1000);
    assertClean(await fuzzApi({ url: stack.url, document, headers: { authorization: `Bearer ${fuzzer.accessToken}` }, maxSeconds: SIGNED_IN_SECONDS }), "signed in");
    assert.equal((await fetch(`${stack.url}/api/v1/instance`)).status, 200, "still serving");
  });

  it("answers every fuzzed request without a token without a 5xx, errors as JSON", async function () {
    this.timeout((ANONYMOUS_SECONDS + 300) * 1000);
    assertClean(await fuzzApi({ url: stack.url, document, maxSeconds: ANONYMOUS_SECONDS }), "anonymous");
  });
}

describeOnBothStacks("OpenAPI fuzzing", describeFuzzing);
