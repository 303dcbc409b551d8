import assert from "node:assert/strict";
import type { Request, Response } from "express";
import { SessionCookies } from "./session.ts";

const VIEWER_SECRET = "v".repeat(32);

/** A response that only collects Set-Cookie headers, and a request carrying them back. */
function exchange() {
  const cookies: string[] = [];
  const res = { append: (name: string, value: string) => name === "Set-Cookie" && cookies.push(value) } as unknown as Response;
  const reqWith = (setCookie: string | undefined) => ({ headers: { cookie: setCookie?.split(";")[0] ?? "" } }) as Request;
  return { res, cookies, reqWith };
}

describe("web session cookie", () => {
  const sessions = new SessionCookies({ VIEWER_TOKEN_SECRET: VIEWER_SECRET, LOCAL_HTTPS: false });

  it("issues an HttpOnly, SameSite=Lax cookie that reads back as the same session", async () => {
    const { res, cookies, reqWith } = exchange();
    const created = await sessions.ensure(reqWith(undefined), res);
    assert.equal(cookies.length, 1);
    assert.match(cookies[0]!, /^starling_session=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
    assert.deepEqual(await sessions.read(reqWith(cookies[0])), { sid: created.sid, userId: undefined, accountId: undefined });
    assert.equal((await sessions.ensure(reqWith(cookies[0]), res)).sid, created.sid);
    assert.equal(cookies.length, 1, "an existing session is not reissued");
  });

  it("marks the cookie Secure with the __Host- prefix when the instance is served over https", async () => {
    const { res, cookies } = exchange();
    await new SessionCookies({ VIEWER_TOKEN_SECRET: VIEWER_SECRET, LOCAL_HTTPS: true }).signIn(res, { userId: "1", accountId: "2" });
    assert.match(cookies[0]!, /^__Host-starling_session=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it("rotates the session id at sign-in, so an id planted before it is worthless", async () => {
    const { res, cookies, reqWith } = exchange();
    const anonymous = await sessions.ensure(reqWith(undefined), res);
    const signedIn = await sessions.signIn(res, { userId: "10", accountId: "20" });
    assert.notEqual(signedIn.sid, anonymous.sid);
    assert.deepEqual(await sessions.read(reqWith(cookies[1])), { sid: signedIn.sid, userId: "10", accountId: "20" });
    assert.equal(sessions.checkCsrf(signedIn, sessions.csrfToken(anonymous)), false);
  });

  it("ignores cookies signed with another key or tampered with", async () => {
    const { res, cookies, reqWith } = exchange();
    await new SessionCookies({ SESSION_SECRET: "s".repeat(32), VIEWER_TOKEN_SECRET: VIEWER_SECRET, LOCAL_HTTPS: false }).signIn(res, { userId: "1", accountId: "1" });
    assert.equal(await sessions.read(reqWith(cookies[0])), undefined);
    await sessions.signIn(res, { userId: "1", accountId: "1" });
    const [header, payload, signature] = cookies[1]!.split(";")[0]!.split("=")[1]!.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), aid: "999" })).toString("base64url");
    assert.equal(await sessions.read(reqWith(`starling_session=${header}.${forged}.${signature}`)), undefined);
    assert.equal(await sessions.read(reqWith("starling_session=garbage")), undefined);
  });

  it("accepts a CSRF token only with the session it was made for", async () => {
    const { res, reqWith } = exchange();
    const one = await sessions.ensure(reqWith(undefined), res);
    const two = await sessions.ensure(reqWith(undefined), res);
    assert.equal(sessions.checkCsrf(one, sessions.csrfToken(one)), true);
    assert.equal(sessions.checkCsrf(two, sessions.csrfToken(one)), false);
    assert.equal(sessions.checkCsrf(undefined, sessions.csrfToken(one)), false);
    assert.equal(sessions.checkCsrf(one, ""), false);
    assert.equal(sessions.checkCsrf(one, ["x"]), false);
  });

  it("clears the cookie on sign-out", () => {
    const { res, cookies } = exchange();
    sessions.clear(res);
    assert.match(cookies[0]!, /^starling_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});
