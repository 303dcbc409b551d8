import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitFor } from "@starling/testkit";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { runNode } from "../src/harness/processes.ts";
import type { Stack } from "../src/harness/stack.ts";
import { BrowserlessSession, formFields } from "./oauth-form-session.ts";

describe("account deletion through the gateway and the CLI (embedded)", () => {
  const suffix = randomBytes(3).toString("hex");
  const dataDir = mkdtempSync(join(tmpdir(), "starling-e2e-delete-"));
  let stack: Stack;
  let follower: Session;

  /** A new account, signed in with the password grant; `password` for the web forms. */
  const newAccount = async (name: string): Promise<Session & { email: string; password: string }> => {
    const email = `${name}@example.com`;
    const password = await stack.createAccount(name, email);
    return { ...(await signIn(stack.url, email, password)), email, password };
  };
  const api = (path: string, accessToken?: string) => fetch(`${stack.url}${path}`, { headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });
  /** GET /api/v1/verify_credentials with a token until the gateway's token cache lets the refusal through. */
  const refusedToken = (accessToken: string) =>
    waitFor(async () => {
      const response = await api("/api/v1/accounts/verify_credentials", accessToken);
      return response.status === 401 && response;
    }, { what: "the deleted account's token refused", timeoutMs: 20_000 });
  /** The public rendering of an account, which must look like a suspended one. */
  const assertTombstone = async (id: string, username: string) => {
    const shown = (await (await api(`/api/v1/accounts/${id}`)).json()) as Record<string, unknown>;
    assert.equal(shown.suspended, true);
    assert.equal(shown.username, username);
    assert.deepEqual([shown.display_name, shown.note, shown.fields, shown.locked], ["", "", [], false]);
  };

  before(async function () {
    this.timeout(180_000);
    stack = await startEmbeddedStack({ dataDir });
    follower = await newAccount(`fan_${suffix}`);
  });
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("deletes an account on the settings page only with the right password, and its posts leave the follower's home timeline", async function () {
    this.timeout(120_000);
    const author = await newAccount(`leaving_${suffix}`);
    await follower.client.v1.accounts.$select(author.account.id).follow();
    const posts = [await author.client.v1.statuses.create({ status: `first post ${suffix}` }), await author.client.v1.statuses.create({ status: `second post ${suffix}` })];
    const home = async () => (await follower.client.v1.timelines.home.list({ limit: 40 })).map((s) => s.id);
    await waitFor(async () => {
      const ids = await home();
      return posts.every((p) => ids.includes(p.id));
    }, { timeoutMs: 60_000, what: "the posts in the follower's home" });

    const browser = new BrowserlessSession(stack.url);
    const away = await browser.get("/settings/delete");
    assert.equal(away.status, 303);
    const signInPage = await browser.get(away.location!);
    const signedIn = await browser.post("/auth/sign_in", { ...formFields(signInPage.text), email: author.email, password: author.password });
    assert.deepEqual([signedIn.status, signedIn.location], [303, "/settings/delete"]);
    const form = await browser.get("/settings/delete");
    assert.equal(form.status, 200);

    const wrong = await browser.post("/settings/delete", { ...formFields(form.text), password: `${author.password}-wrong` });
    assert.equal(wrong.status, 422);
    assert.match(wrong.text, /Invalid password/);
    assert.equal((await api("/api/v1/accounts/verify_credentials", author.accessToken)).status, 200, "nothing deleted after the wrong password");
    const forged = await browser.post("/settings/delete", { password: author.password });
    assert.equal(forged.status, 422, "a post without the form's CSRF token is refused");

    const done = await browser.post("/settings/delete", { ...formFields(wrong.text), password: author.password });
    assert.equal(done.status, 200);
    assert.match(done.text, /Account deleted/);
    assert.equal((await browser.get("/settings/delete")).status, 303, "the session ended with the account");

    const refused = await refusedToken(author.accessToken);
    assert.match(refused.headers.get("content-type") ?? "", /application\/json/);
    await assertTombstone(author.account.id, author.account.username);
    await waitFor(async () => !(await home()).some((id) => posts.some((p) => p.id === id)), { timeoutMs: 60_000, what: "the posts leaving the follower's home" });
    assert.equal((await api(`/api/v1/statuses/${posts[0]!.id}`)).status, 404);
    const [relationship] = await follower.client.v1.accounts.relationships.fetch({ id: [author.account.id] });
    assert.equal(relationship?.following, false);
    await assert.rejects(signIn(stack.url, author.email, author.password), "the password signs nobody in any more");
  });

  it("deletes an account with `starling accounts delete`, the username staying reserved", async function () {
    this.timeout(120_000);
    const name = `cli_gone_${suffix}`;
    const victim = await newAccount(name);
    const post = await victim.client.v1.statuses.create({ status: `soon gone ${suffix}` });
    // The CLI finds the embedded server through DATA_DIR, as an operator's shell would.
    const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir };
    for (const key of ["DATABASE_URL", "REDIS_URL", "KAFKA_BROKERS", "ACCOUNTS_GRPC_URL"]) delete env[key];
    assert.match(await runNode("packages/cli/src/main.ts", ["accounts", "delete", name], env), new RegExp(`^OK \\(account ${victim.account.id} deleted\\)`, "m"));
    assert.match(await runNode("packages/cli/src/main.ts", ["accounts", "delete", name], env), /^OK/m, "deleting again is harmless");

    await refusedToken(victim.accessToken);
    await assertTombstone(victim.account.id, name);
    await waitFor(async () => (await api(`/api/v1/statuses/${post.id}`)).status === 404, { timeoutMs: 60_000, what: "the post deleted" });
    await assert.rejects(stack.createAccount(name, `other_${suffix}@example.com`), "the username stays taken");
  });
});
