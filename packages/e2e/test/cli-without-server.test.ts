import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { signIn } from "../src/harness/masto-session.ts";
import { cliCreateAccount, type Stack } from "../src/harness/stack.ts";

describe("starling accounts create with no server running", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "starling-cli-"));
  let stack: Stack | undefined;
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates the account in DATA_DIR, and the server started later signs it in", async function () {
    this.timeout(180_000);
    const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    for (const key of ["DATABASE_URL", "REDIS_URL", "KAFKA_BROKERS", "ACCOUNTS_GRPC_URL"]) delete env[key];
    const password = await cliCreateAccount(env, "dora", "dora@example.com", ["--role", "Admin"]);
    stack = await startEmbeddedStack({ dataDir });
    const dora = await signIn(stack.url, "dora@example.com", password);
    assert.equal(dora.account.username, "dora");
    assert.equal(dora.account.role?.name, "Admin");
    // The server holds DATA_DIR now: the CLI must go through it rather than start a second PostgreSQL on it.
    const second = await stack.createAccount("eve", "eve@example.com");
    assert.equal((await signIn(stack.url, "eve@example.com", second)).account.username, "eve");
  });
});
