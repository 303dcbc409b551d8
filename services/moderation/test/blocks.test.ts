// Staff's instance-level blocks in the moderation service: each family's rules, its audit entry and
// the events other services build their read models from, on both databases.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import {
  CanonicalEmailBlocksServiceClient, DomainAllowsServiceClient, DomainBlocksServiceClient, EmailDomainBlocksServiceClient, IpBlocksServiceClient,
} from "@starling/proto/moderation/v1/blocks";
import { canonicalEmailHash, connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, startModerationHarness, type ModerationHarness } from "./support/moderation-harness.ts";

const code = (expected: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === expected;

for (const backend of backends) {
  describe(`instance-level blocks on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: ModerationHarness;
    let domains: AsyncClient<DomainBlocksServiceClient>;
    let allows: AsyncClient<DomainAllowsServiceClient>;
    let ips: AsyncClient<IpBlocksServiceClient>;
    let emailDomains: AsyncClient<EmailDomainBlocksServiceClient>;
    let canonical: AsyncClient<CanonicalEmailBlocksServiceClient>;
    let admin: { viewerToken: string };
    let moderator: { viewerToken: string };
    before(async function () {
      this.timeout(120_000);
      h = await startModerationHarness(backend.url);
      const connect = <T>(client: new (...args: any[]) => T) => connectService(client as never, h.address, { deadlineMs: 10_000 }) as AsyncClient<T>;
      [domains, allows, ips, emailDomains, canonical] = [connect(DomainBlocksServiceClient), connect(DomainAllowsServiceClient), connect(IpBlocksServiceClient), connect(EmailDomainBlocksServiceClient), connect(CanonicalEmailBlocksServiceClient)];
      admin = await h.as({ accountId: "11", role: "Admin" });
      moderator = await h.as({ accountId: "12", role: "Moderator" });
    });
    after(async () => {
      for (const c of [domains, allows, ips, emailDomains, canonical]) c?.close();
      await h?.stop();
    });

    const audited = async (action: string) => (await h.db.table("audit_log").where({ action }).orderBy("id")).map((r: { account_id: string; summary: string }) => [String(r.account_id), r.summary]);
    const published = (type: string, key: string) => waitFor(() => h.events.find((e) => e.type === type && e.key === key), { what: `${type} ${key}` });

    it("blocks a domain once: a second block, or one a parent's block covers, answers the existing block and writes nothing", async () => {
      const { created } = await domains.createDomainBlock({ domain: " Spam.Example ", severity: "suspend", rejectMedia: true, rejectReports: false, obfuscate: false, privateComment: "bots", publicComment: "Spam" }, admin);
      assert.equal(created?.domain, "spam.example");
      assert.equal(created?.severity, "suspend");
      const event = decodePayload("admin_domain_block.created", await published("admin_domain_block.created", created!.id));
      assert.deepEqual(event, { blockId: created!.id, domain: "spam.example", severity: "suspend", rejectMedia: true, rejectReports: false, previousSeverity: undefined });
      const again = await domains.createDomainBlock({ domain: "spam.example", severity: "silence", rejectMedia: false, rejectReports: false, obfuscate: false }, admin);
      assert.deepEqual(again, { created: undefined, existing: created });
      const child = await domains.createDomainBlock({ domain: "a.spam.example", severity: "silence", rejectMedia: false, rejectReports: false, obfuscate: false }, admin);
      assert.equal(child.existing?.id, created!.id, "a parent's stricter block covers a subdomain");
      assert.deepEqual(await audited("domain_block.create"), [["11", "spam.example (suspend)"]]);
    });

    it("lets a subdomain get a block stricter than its parent's, updates and removes blocks with events", async () => {
      const parent = (await domains.createDomainBlock({ domain: "loud.example", severity: "silence", rejectMedia: false, rejectReports: false, obfuscate: true }, admin)).created!;
      const child = (await domains.createDomainBlock({ domain: "worse.loud.example", severity: "suspend", rejectMedia: false, rejectReports: false, obfuscate: false }, admin)).created!;
      assert.equal(child.domain, "worse.loud.example");
      const updated = await domains.updateDomainBlock({ id: parent.id, severity: "suspend", publicComment: "Harassment" }, admin);
      assert.deepEqual([updated.severity, updated.publicComment, updated.obfuscate], ["suspend", "Harassment", true]);
      assert.equal(decodePayload("admin_domain_block.updated", await published("admin_domain_block.updated", parent.id)).previousSeverity, "silence");
      await domains.deleteDomainBlock({ id: child.id }, admin);
      assert.deepEqual(decodePayload("admin_domain_block.removed", await published("admin_domain_block.removed", child.id)), { blockId: child.id, domain: "worse.loud.example" });
      await assert.rejects(domains.getDomainBlock({ id: child.id }, admin), code(GrpcStatus.NOT_FOUND));
      await assert.rejects(domains.deleteDomainBlock({ id: child.id }, admin), code(GrpcStatus.NOT_FOUND));
      const listed = (await domains.listDomainBlocks({ page: { limit: 1 } }, admin)).blocks;
      assert.deepEqual(listed.map((b) => b.domain), ["loud.example"], "newest first, paged");
    });

    it("refuses bad input with INVALID_ARGUMENT and staff without manage_federation with PERMISSION_DENIED", async () => {
      await assert.rejects(domains.createDomainBlock({ domain: "https://x.example/", rejectMedia: false, rejectReports: false, obfuscate: false }, admin), code(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(domains.createDomainBlock({ domain: "x.example", severity: "nuke", rejectMedia: false, rejectReports: false, obfuscate: false }, admin), code(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(domains.listDomainBlocks({}, moderator), code(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(allows.createDomainAllow({ domain: "x.example" }, moderator), code(GrpcStatus.PERMISSION_DENIED));
    });

    it("shows the public list only to the audience the setting names, obfuscated where asked", async () => {
      await assert.rejects(domains.listPublicDomainBlocks({}, await h.as({ accountId: "30" })), code(GrpcStatus.NOT_FOUND));
      const shown = (await domains.listPublicDomainBlocks({}, admin)).blocks.find((b) => b.comment === "Harassment")!;
      assert.equal(shown.domain, "loud.****ple", "obfuscated");
      assert.match(shown.digest, /^[0-9a-f]{64}$/);
    });

    it("answers a repeated domain allow with the same record and no new event", async () => {
      const first = await allows.createDomainAllow({ domain: "Friend.Example" }, admin);
      const second = await allows.createDomainAllow({ domain: "friend.example" }, admin);
      assert.deepEqual(second, first);
      await published("domain_allow.created", first.id);
      assert.equal(h.events.filter((e) => e.type === "domain_allow.created").length, 1);
      assert.deepEqual((await allows.listDomainAllows({}, admin)).allows, [first]);
    });

    it("stores IP blocks as ranges, lists the unexpired ones for the gateway, and announces changes", async () => {
      const single = await ips.createIpBlock({ ip: "2001:db8:1:2::7", severity: "no_access", comment: "abuse", expiresIn: undefined }, admin);
      assert.equal(single.ip, "2001:db8:1:2::/64");
      const range = await ips.createIpBlock({ ip: "192.0.2.9/24", severity: "sign_up_block", expiresIn: 3600 }, admin);
      assert.equal(range.ip, "192.0.2.0/24");
      assert.ok(range.expiresAt && range.expiresAt.getTime() > Date.now());
      await assert.rejects(ips.createIpBlock({ ip: "not-an-ip", severity: "no_access" }, admin), code(GrpcStatus.INVALID_ARGUMENT));
      for (const incomplete of [{ ip: "10.0.0.1", severity: "whatever" }, { ip: "10.0.0.1" }, { severity: "no_access" }]) {
        await assert.rejects(ips.createIpBlock(incomplete, admin), code(GrpcStatus.INVALID_ARGUMENT), JSON.stringify(incomplete));
      }
      const changed = await ips.updateIpBlock({ id: range.id, severity: "sign_up_requires_approval" }, admin);
      assert.deepEqual([changed.ip, changed.severity], ["192.0.2.0/24", "sign_up_requires_approval"]);
      await published("ip_block.updated", range.id);
      assert.deepEqual((await ips.listActiveIpBlocks({})).blocks.map((b) => b.id).sort(), [single.id, range.id].sort());
      await ips.deleteIpBlock({ id: single.id }, admin);
      assert.deepEqual((await ips.listActiveIpBlocks({})).blocks.map((b) => b.id), [range.id]);
    });

    it("blocks e-mail domains and canonical addresses once each, and tests an address against the canonical blocks", async () => {
      const domain = await emailDomains.createEmailDomainBlock({ domain: "Mail.Spam.Example" }, admin);
      assert.equal(domain.domain, "mail.spam.example");
      await assert.rejects(emailDomains.createEmailDomainBlock({ domain: "mail.spam.example" }, admin), code(GrpcStatus.ALREADY_EXISTS));
      assert.deepEqual(decodePayload("email_domain_block.created", await published("email_domain_block.created", domain.id)), { blockId: domain.id, domain: "mail.spam.example" });
      const block = await canonical.createCanonicalEmailBlock({ email: "Jane.Doe+x@Example.com" }, admin);
      assert.equal(block.canonicalEmailHash, canonicalEmailHash("janedoe@example.com"));
      await assert.rejects(canonical.createCanonicalEmailBlock({ canonicalEmailHash: block.canonicalEmailHash }, admin), code(GrpcStatus.ALREADY_EXISTS));
      await assert.rejects(canonical.createCanonicalEmailBlock({ canonicalEmailHash: "xyz" }, admin), code(GrpcStatus.INVALID_ARGUMENT));
      assert.deepEqual((await canonical.testCanonicalEmailBlocks({ email: "j.a.n.e.d.o.e@example.com" }, admin)).blocks, [block]);
      assert.deepEqual((await canonical.testCanonicalEmailBlocks({ email: "john@example.com" }, admin)).blocks, []);
      await assert.rejects(canonical.listCanonicalEmailBlocks({}, moderator), code(GrpcStatus.PERMISSION_DENIED));
      await canonical.deleteCanonicalEmailBlock({ id: block.id }, admin);
      await published("canonical_email_block.removed", block.id);
      assert.deepEqual(await audited("canonical_email_block.destroy"), [["11", block.canonicalEmailHash]]);
    });
  });
}
