// The trends service's base: its schema on both databases, health, the admin port and ordered stop.
import assert from "node:assert/strict";
import { INBOX_TABLE, OUTBOX_TABLE } from "@starling/events";
import { checkHealth } from "@starling/runtime";
import { backends, startTrendsHarness } from "./support/trends-harness.ts";

for (const backend of backends) {
  describe(`trends service on ${backend.name}`, function () {
    this.timeout(120_000);

    it("migrates its schema, serves gRPC health and the admin port, and stops in order", async () => {
      const service = await startTrendsHarness(backend.url);
      const { grpcPort, adminPort } = service.endpoints;
      assert.equal(await checkHealth(`127.0.0.1:${grpcPort}`), "SERVING");
      assert.equal((await fetch(`http://127.0.0.1:${adminPort}/readyz`)).status, 200);
      assert.match(await (await fetch(`http://127.0.0.1:${adminPort}/metrics`)).text(), /process_cpu_user_seconds_total\{service="trends"\}/);
      assert.ok(await service.db.knex.schema.withSchema(service.db.schema).hasTable(INBOX_TABLE));
      assert.ok(await service.db.knex.schema.withSchema(service.db.schema).hasTable(OUTBOX_TABLE));
      await service.stop();
      await assert.rejects(fetch(`http://127.0.0.1:${adminPort}/livez`));
    });
  });
}
