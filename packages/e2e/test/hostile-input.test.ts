import assert from "node:assert/strict";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { png } from "../src/harness/media-files.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Answer = { status: number; body: Record<string, unknown> };

/** One past the largest signed 64-bit id, and the 20-digit ids that used to overflow bigint. */
const PAST_BIGINT = ["9223372036854775808", "18446744073709551615", "99999999999999999999"];

/**
 * The inputs of issue 13's robustness report that answered 500: NUL characters in text, ids past
 * bigint, deeply nested JSON, and form fields named after Object's properties. Each must get a 4xx
 * JSON answer and leave the server serving.
 */
function describeHostileInput(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  suiteSessions(start, ["alice", "bob"], (suite) => ({ stack, alice, bob } = suite));

  async function send(who: Session | undefined, method: string, path: string, body?: string | FormData, type?: string): Promise<Answer> {
    const headers: Record<string, string> = { ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}), ...(type ? { "content-type": type } : {}) };
    const res = await fetch(`${stack.url}${path}`, { method, headers, body });
    assert.match(res.headers.get("content-type") ?? "", /application\/json/, `${method} ${path} answers JSON`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const json = (who: Session | undefined, method: string, path: string, value?: unknown) =>
    method === "GET" ? send(who, method, path) : send(who, method, path, JSON.stringify(value ?? {}), "application/json");
  const form = (fields: Record<string, string>, file?: Buffer) => {
    const data = new FormData();
    if (file) data.append("file", new Blob([new Uint8Array(file)], { type: "image/png" }), "a.png");
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };
  const refusedText = (answer: Answer, what: string) => {
    assert.equal(answer.status, 422, `${what}: ${JSON.stringify(answer.body)}`);
    assert.match(String(answer.body.error), /NUL/);
  };

  it("refuses a NUL character in statuses, profiles, notes and media descriptions with 422", async function () {
    this.timeout(60_000);
    refusedText(await json(alice, "POST", "/api/v1/statuses", { status: "a\u0000b" }), "status create");
    const posted = await json(alice, "POST", "/api/v1/statuses", { status: "fine" });
    assert.equal(posted.status, 200);
    refusedText(await json(alice, "PUT", `/api/v1/statuses/${posted.body.id}`, { status: "x\u0000" }), "status edit");
    refusedText(await json(alice, "PATCH", "/api/v1/accounts/update_credentials", { display_name: "\u0000" }), "display_name");
    refusedText(await send(alice, "PATCH", "/api/v1/accounts/update_credentials", form({ note: "bio\u0000" })), "multipart note");
    refusedText(await send(alice, "PATCH", "/api/v1/accounts/update_credentials", "note=bio%00", "application/x-www-form-urlencoded"), "form note");
    refusedText(await json(alice, "POST", `/api/v1/accounts/${bob.account.id}/note`, { comment: "n\u0000" }), "account note");
    refusedText(await send(alice, "POST", "/api/v2/media", form({ description: "d\u0000" }, await png(8, 8))), "media description");
    assert.equal((await json(alice, "GET", "/api/v1/timelines/tag/a%00b")).status, 404, "no hashtag has a NUL in its name");
    const revoke = await send(undefined, "POST", "/oauth/revoke", "token=%00&client_id=x&client_secret=y", "application/x-www-form-urlencoded");
    assert.deepEqual([revoke.status, revoke.body.error], [400, "invalid_request"], "OAuth endpoints answer as RFC 6749 says");
  });

  it("refuses a lone surrogate and bytes that are not UTF-8", async () => {
    refusedText(await send(alice, "POST", "/api/v1/statuses", '{"status":"\\u0000"}', "application/json"), "escaped NUL");
    const surrogate = await send(alice, "POST", "/api/v1/statuses", '{"status":"\\ud800"}', "application/json");
    assert.equal(surrogate.status, 422);
    const bytes = await fetch(`${stack.url}/api/v1/statuses`, {
      method: "POST",
      headers: { authorization: `Bearer ${alice.accessToken}`, "content-type": "application/json" },
      body: Buffer.concat([Buffer.from('{"status":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    });
    assert.equal(bytes.status, 400);
    assert.match(String(((await bytes.json()) as { error: string }).error), /UTF-8/);
  });

  it("answers 404 for path ids past the signed 64-bit range", async () => {
    for (const id of PAST_BIGINT) {
      for (const [method, path] of [
        ["GET", `/api/v1/accounts/${id}`],
        ["GET", `/api/v1/accounts/${id}/statuses`],
        ["POST", `/api/v1/accounts/${id}/follow`],
        ["POST", `/api/v1/accounts/${id}/block`],
        ["GET", `/api/v1/media/${id}`],
        ["PUT", `/api/v1/media/${id}`],
        ["POST", `/api/v1/follow_requests/${id}/authorize`],
        ["POST", `/api/v1/follow_requests/${id}/reject`],
        ["GET", `/api/v1/statuses/${id}`],
      ] as const) {
        const answer = await json(alice, method, path, {});
        assert.equal(answer.status, 404, `${method} ${path}: ${JSON.stringify(answer.body)}`);
      }
    }
    assert.equal((await json(alice, "GET", "/api/v1/accounts/9223372036854775807")).status, 404, "the largest id is an id that names no one");
  });

  it("answers 400 for cursors past the signed 64-bit range on list routes", async () => {
    const lists = ["/api/v1/timelines/home", "/api/v1/timelines/public", `/api/v1/accounts/${bob.account.id}/statuses`, `/api/v1/accounts/${bob.account.id}/followers`, "/api/v1/favourites", "/api/v1/follow_requests", "/api/v1/blocks"];
    for (const list of lists) {
      for (const cursor of ["max_id", "since_id", "min_id"]) {
        const answer = await json(alice, "GET", `${list}?${cursor}=${PAST_BIGINT[0]}`);
        assert.equal(answer.status, 400, `${list}?${cursor}: ${JSON.stringify(answer.body)}`);
      }
    }
    assert.equal((await json(alice, "GET", "/api/v1/timelines/home?max_id=9223372036854775807")).status, 200);
  });

  it("refuses 50,000-deep JSON with 400 on update_credentials and the media routes", async function () {
    this.timeout(30_000);
    const deepArray = `{"note":${"[".repeat(50_000)}${"]".repeat(50_000)}}`;
    const deepObject = `{"note":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}`;
    for (const path of ["/api/v1/accounts/update_credentials", "/api/v2/media", "/api/v1/statuses"]) {
      for (const body of [deepArray, deepObject]) {
        const answer = await send(alice, path.endsWith("credentials") ? "PATCH" : "POST", path, body, "application/json");
        assert.equal(answer.status, 400, `${path}: ${JSON.stringify(answer.body)}`);
      }
    }
    assert.equal((await send(alice, "POST", "/api/v1/statuses", "x".repeat(2_000_000), "application/json")).status, 413);
  });

  it("refuses a limit or offset past int32 with 422, and skips a multipart part without a name (found by the fuzzer)", async () => {
    for (const path of ["/api/v1/accounts/search?q=a&offset=3157351408738", "/api/v1/accounts/search?q=a&limit=99999999999", "/api/v2/search?q=a&type=accounts&offset=3157351408738"]) {
      assert.equal((await json(alice, "GET", path)).status, 422, path);
    }
    const boundary = "fuzz";
    const nameless = `--${boundary}\r\nContent-Disposition: form-data; name=""\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-data\r\n\r\ny\r\n--${boundary}--\r\n`;
    const answer = await send(alice, "PATCH", "/api/v1/accounts/update_credentials", nameless, `multipart/form-data; boundary=${boundary}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  });

  it("answers every search and lookup route, given NUL, bytes that are not UTF-8, control characters, very long or odd text, with JSON and never a 5xx", async function () {
    this.timeout(120_000);
    // Already percent-encoded, as a client would send them (the invalid sequences cannot be encoded otherwise).
    const raw = ["%00", "a%00b", "%FF%FE", "%ED%A0%80", "caf%C3", "%01%1F", "%E2%80%AE", "a".repeat(5_000), "word%20".repeat(1_000), "%23".repeat(300)];
    const odd = ["'\\%_\"", "!&|()<->:*", "a:b:c", "from:", "from:@", "@@@", "@", "#", "😀", "@a@b@c", "https://", "acct:", "   ", "has:media has:media", "before:9999-99-99"];
    const inputs = [...raw, ...odd.map(encodeURIComponent)];
    const paths = (q: string) => [
      `/api/v2/search?q=${q}`,
      `/api/v2/search?q=${q}&type=accounts&resolve=true`,
      `/api/v2/search?q=${q}&type=hashtags`,
      `/api/v2/search?q=${q}&type=statuses&min_id=1`,
      `/api/v1/accounts/search?q=${q}&resolve=true`,
      `/api/v1/accounts/lookup?acct=${q}`,
      `/api/v1/tags/${q}`,
      `/.well-known/webfinger?resource=${q}`,
      `/.well-known/webfinger?resource=acct:${q}`,
    ];
    for (const q of inputs) {
      for (const path of paths(q)) {
        const res = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${alice.accessToken}` } });
        const body = await res.text();
        const what = `GET ${path.slice(0, 80)} answered ${res.status} ${res.headers.get("content-type")}: ${body.slice(0, 200)}`;
        assert.ok(res.status < 500, what);
        // WebFinger is the federation's (Fedify's) protocol endpoint: a 4xx there says why in plain text.
        if (!path.startsWith("/.well-known/") || res.ok) assert.match(res.headers.get("content-type") ?? "", /json/, what);
      }
    }
  });

  it("reads form fields named constructor or __proto__ as ordinary unknown fields on media routes", async function () {
    this.timeout(60_000);
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const uploaded = await send(alice, "POST", "/api/v2/media", form({ [name]: "x" }, await png(8, 8)));
      assert.ok([200, 202].includes(uploaded.status), `${name}: ${JSON.stringify(uploaded.body)}`);
      const edited = await json(alice, "PUT", `/api/v1/media/${uploaded.body.id}`, { [name]: "x", description: "ok" });
      assert.ok([200, 206].includes(edited.status), `${name}: ${JSON.stringify(edited.body)}`);
      const profile = await send(alice, "PATCH", "/api/v1/accounts/update_credentials", form({ [name]: "x", [`${name}[x]`]: "y" }));
      assert.equal(profile.status, 200, `${name}: ${JSON.stringify(profile.body)}`);
    }
    assert.equal(({} as Record<string, unknown>).x, undefined, "nothing reached Object.prototype");
  });
}

describeOnBothStacks("Hostile input", describeHostileInput);
