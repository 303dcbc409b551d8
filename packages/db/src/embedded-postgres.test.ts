import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { uniqueName } from "@starling/testkit";
import { runDatabaseContract, contractMigrations } from "./contract.ts";
import { createDatabase } from "./create-database.ts";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";
import { embeddedTestSchema } from "./test-server.ts";

describe("embedded PostgreSQL", function () {
  this.timeout(60_000);
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "starling-db-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("creates the cluster on first start and keeps committed rows across a stop and a start", async function () {
    const schema = uniqueName("persist");
    const first = await startEmbeddedPostgres(join(dir, "pg"), { throwaway: true });
    const db = await createDatabase({ url: first.url, schema });
    await db.migrate(contractMigrations);
    await db.table("notes").insert({ body: "survives", data: { kept: true } });
    await db.close();
    await first.stop();
    assert.equal(existsSync(join(dir, "pg", "postmaster.pid")), false, "a stopped server leaves no lock");

    const second = await startEmbeddedPostgres(join(dir, "pg"));
    const reopened = await createDatabase({ url: second.url, schema });
    try {
      assert.deepEqual(await reopened.table("notes").select("body", "data"), [{ body: "survives", data: { kept: true } }]);
      assert.deepEqual(await reopened.migrate(contractMigrations), []);
    } finally {
      await reopened.close();
      await second.stop();
    }
  });

  it("refuses a second server on a directory a live process holds", async function () {
    const running = await startEmbeddedPostgres(join(dir, "pg"), { throwaway: true });
    try {
      await assert.rejects(startEmbeddedPostgres(join(dir, "pg")), /in use by PostgreSQL process \d+, started by process \d+/);
    } finally {
      await running.stop();
    }
  });

  it("starts again on the same directory after its owner was killed with SIGKILL", async function () {
    const owner = spawn(process.execPath, ["--input-type=module", "-e", `
      import { startEmbeddedPostgres } from ${JSON.stringify(new URL("./embedded-postgres.ts", import.meta.url).href)};
      await startEmbeddedPostgres(${JSON.stringify(join(dir, "pg"))}, { throwaway: true });
      console.log("ready");
      setInterval(() => {}, 1000);`], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((ready, fail) => {
      owner.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && ready());
      owner.once("exit", (code, signal) => signal === null && fail(new Error(`owner exited with ${code}`)));
    });
    const killed = new Promise((gone) => owner.once("exit", gone));
    owner.kill("SIGKILL");
    await killed;
    const again = await startEmbeddedPostgres(join(dir, "pg"), { throwaway: true });
    const db = await createDatabase({ url: again.url, schema: uniqueName("after_crash") });
    try {
      await db.ping();
    } finally {
      await db.close();
      await again.stop();
    }
  });
});

runDatabaseContract("embedded PostgreSQL", (schema) => embeddedTestSchema(schema));
