import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import type { Stack } from "../src/harness/stack.ts";
import { BrowserlessSession, formFields } from "./oauth-form-session.ts";

describe("account aliases and migration on the web settings pages (embedded)", () => {
  const suffix = randomBytes(3).toString("hex");
  const dataDir = mkdtempSync(join(tmpdir(), "starling-e2e-migration-"));
  let stack: Stack;
  type Person = Session & { email: string; password: string; username: string };
  let alice: Person;
  let bob: Person;
  let carol: Person;

  const newAccount = async (name: string): Promise<Person> => {
    const username = `${name}_${suffix}`;
    const email = `${username}@example.com`;
    const password = await stack.createAccount(username, email);
    return { ...(await signIn(stack.url, email, password)), email, password, username };
  };

  /** A browser signed in on the web as `who`, having been sent to sign in by the settings page `path`. */
  const browserFor = async (who: Person, path: string) => {
    const browser = new BrowserlessSession(stack.url);
    const away = await browser.get(path);
    assert.equal(away.status, 303);
    const form = await browser.get(away.location!);
    const signedIn = await browser.post("/auth/sign_in", { ...formFields(form.text), email: who.email, password: who.password });
    assert.deepEqual([signedIn.status, signedIn.location], [303, path]);
    return browser;
  };

  before(async function () {
    this.timeout(180_000);
    stack = await startEmbeddedStack({ dataDir });
    [alice, bob, carol] = [await newAccount("alice"), await newAccount("bob"), await newAccount("carol")];
  });
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("moves alice to bob once bob lists alice as an alias, with her password, and the API shows `moved`", async function () {
    this.timeout(60_000);
    const bobs = await browserFor(bob, "/settings/aliases");
    const aliases = await bobs.get("/settings/aliases");
    assert.match(aliases.text, /id="no-aliases"/);
    const added = await bobs.post("/settings/aliases", { ...formFields(aliases.text, "/settings/aliases"), acct: alice.username });
    assert.deepEqual([added.status, added.location], [303, "/settings/aliases"]);
    const listed = await bobs.get("/settings/aliases");
    assert.match(listed.text, new RegExp(`<span class="acct">@${alice.username}@`));

    const alices = await browserFor(alice, "/settings/migration");
    const form = await alices.get("/settings/migration");
    assert.match(form.text, /Your account does not redirect anywhere\./);
    const token = formFields(form.text, "/settings/migration");

    const wrong = await alices.post("/settings/migration", { ...token, acct: bob.username, password: `${alice.password}-wrong` });
    assert.equal(wrong.status, 422);
    assert.match(wrong.text, /role="alert">Invalid password</);
    assert.equal((await bob.client.v1.accounts.$select(alice.account.id).fetch()).moved ?? null, null, "nothing moved after the wrong password");

    const noAlias = await alices.post("/settings/migration", { ...token, acct: carol.username, password: alice.password });
    assert.equal(noAlias.status, 422);
    assert.match(noAlias.text, /That account does not list this one as an alias\. Add this account as an alias on the new account first/);
    assert.equal((await alice.client.v1.accounts.verifyCredentials()).moved ?? null, null, "nothing moved to an account without the alias");

    const moved = await alices.post("/settings/migration", { ...token, acct: bob.username, password: alice.password });
    assert.deepEqual([moved.status, moved.location], [303, "/settings/migration"]);
    assert.match((await alices.get("/settings/migration")).text, new RegExp(`Your account redirects to <strong>@${bob.username}</strong>`));

    const seen = await carol.client.v1.accounts.$select(alice.account.id).fetch();
    assert.equal(seen.moved?.id, bob.account.id);
    assert.equal(seen.moved?.username, bob.username);
    assert.equal((await alice.client.v1.accounts.verifyCredentials()).moved?.id, bob.account.id);

    const again = await alices.post("/settings/migration", { ...token, acct: bob.username, password: alice.password });
    assert.equal(again.status, 422);
    assert.match(again.text, /already redirects to that account/);
  });

  it("removes an alias from the aliases page", async function () {
    this.timeout(60_000);
    const carols = await browserFor(carol, "/settings/aliases");
    const token = formFields((await carols.get("/settings/aliases")).text, "/settings/aliases");
    assert.equal((await carols.post("/settings/aliases", { ...token, acct: `@${alice.username}` })).status, 303);
    const unknown = await carols.post("/settings/aliases", { ...token, acct: `nobody_${suffix}` });
    assert.equal(unknown.status, 422);
    assert.match(unknown.text, /No account with that handle is known to this server\./);
    const listed = await carols.get("/settings/aliases");
    const id = /<li data-alias="([^"]+)">/.exec(listed.text)?.[1] ?? assert.fail(`no alias listed:\n${listed.text}`);
    const removed = await carols.post(`/settings/aliases/${id}/delete`, formFields(listed.text, `/settings/aliases/${id}/delete`));
    assert.deepEqual([removed.status, removed.location], [303, "/settings/aliases"]);
    assert.match((await carols.get("/settings/aliases")).text, /id="no-aliases"/);
  });
});
