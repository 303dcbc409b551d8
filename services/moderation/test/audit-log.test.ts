// The moderation service's base: health and admin port, and the audit log every admin action writes to.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { AuditLogServiceClient } from "@starling/proto/moderation/v1/audit_log";
import { checkHealth, connectService, type AsyncClient } from "@starling/runtime";
import { recordAudit } from "../src/use-cases/audit-log.ts";
import { backends, startModerationHarness, type ModerationHarness } from "./support/moderation-harness.ts";

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;

for (const backend of backends) {
  describe(`moderation service and its audit log on ${backend.name}`, function () {
    this.timeout(60_000);
    let service: ModerationHarness;
    let auditLog: AsyncClient<AuditLogServiceClient>;
    before(async function () {
      this.timeout(120_000);
      service = await startModerationHarness(backend.url);
      auditLog = connectService(AuditLogServiceClient, service.address, { deadlineMs: 10_000 });
    });
    after(async () => {
      auditLog?.close();
      await service?.stop();
    });

    const audit = (accountId: string, action: string, targetId: string) =>
      service.db.transaction((trx) => recordAudit(service.endpoints.deps, trx, { accountId, action, targetType: "Report", targetId, summary: `note ${targetId}` }));

    it("serves gRPC health and the admin port", async () => {
      const { grpcPort, adminPort } = service.endpoints;
      assert.equal(await checkHealth(`127.0.0.1:${grpcPort}`), "SERVING");
      assert.equal((await fetch(`http://127.0.0.1:${adminPort}/readyz`)).status, 200);
      assert.match(await (await fetch(`http://127.0.0.1:${adminPort}/metrics`)).text(), /service="moderation"/);
    });

    it("lists what staff did, newest first, filtered and paged, to roles with view_audit_log", async () => {
      await audit("11", "report.resolve", "100");
      await audit("12", "report.assign_to_self", "101");
      await audit("11", "report.reopen", "100");
      const all = (await auditLog.listAuditLog({}, await service.as({ accountId: "1", role: "Moderator" }))).entries;
      assert.deepEqual(all.map((e) => e.action), ["report.reopen", "report.assign_to_self", "report.resolve"]);
      assert.equal(all[0]!.accountId, "11");
      assert.equal(all[0]!.targetType, "Report");
      assert.equal(all[0]!.summary, "note 100");
      assert.ok(all[0]!.createdAt instanceof Date);

      const byStaff = (await auditLog.listAuditLog({ accountId: "12" }, await service.as({ accountId: "1", role: "Admin" }))).entries;
      assert.deepEqual(byStaff.map((e) => e.targetId), ["101"]);
      const byTarget = (await auditLog.listAuditLog({ targetType: "Report", targetId: "100" }, await service.as({ accountId: "1", role: "Owner" }))).entries;
      assert.deepEqual(byTarget.map((e) => e.action), ["report.reopen", "report.resolve"]);
      const page = (await auditLog.listAuditLog({ page: { limit: 1, maxId: all[0]!.id } }, await service.as({ accountId: "1", role: "Owner" }))).entries;
      assert.deepEqual(page.map((e) => e.id), [all[1]!.id]);
    });

    it("refuses users without view_audit_log, and callers without an account", async () => {
      await assert.rejects(auditLog.listAuditLog({}, await service.as({ accountId: "1", role: "" })), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(auditLog.listAuditLog({}, await service.as({ role: "Owner" })), grpcCode(GrpcStatus.UNAUTHENTICATED));
      await assert.rejects(auditLog.listAuditLog({ page: { maxId: "abc" } }, await service.as({ accountId: "1", role: "Owner" })), grpcCode(GrpcStatus.INVALID_ARGUMENT));
    });
  });
}
