import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, Shutdown } from "@starling/runtime";
import { createInfraProvider } from "./infra-provider.ts";

describe("the infra provider in the embedded mode", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "starling-platform-"));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it("gives every service a schema on one embedded PostgreSQL, one bus and one store, and stops them at shutdown", async function () {
    this.timeout(60_000);
    const logger = createLogger("test", "silent");
    const shutdown = new Shutdown(logger, 5_000);
    const infra = createInfraProvider(
      { DATA_DIR: dataDir, DATABASE_POOL_MAX: 1, REDIS_KEY_PREFIX: "t:", KAFKA_TOPIC_PREFIX: "" },
      { clientId: "test", logger, shutdown },
    );
    const [a, b] = [await infra.database("svc_a"), await infra.database("svc_b")];
    assert.equal(a.knex, b.knex, "services share one pool on the embedded server");
    assert.notEqual(a.schema, b.schema);
    assert.equal(infra.bus(), infra.bus());
    assert.equal(infra.kv(), infra.kv());
    await infra.kv().set("k", "v");
    assert.equal(await infra.kv().get("k"), "v");
    await shutdown.run("test");
    await assert.rejects(infra.kv().get("k"));
    await assert.rejects(a.ping());
    assert.equal(existsSync(join(dataDir, "postgres", "PG_VERSION")), true, "the cluster lives in DATA_DIR/postgres");
    assert.equal(existsSync(join(dataDir, "postgres", "postmaster.pid")), false, "the server stopped");
  });
});
