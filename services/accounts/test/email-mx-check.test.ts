// Staff's MX check at sign-up (the email_mx_check instance setting), as Mastodon's EmailMxValidator:
// the e-mail domain's mail servers and their addresses are checked against the e-mail domain blocks,
// and a domain with no address is refused. A DNS server on 127.0.0.1 answers for the test domains.
import assert from "node:assert/strict";
import { encodePayload, EVENT_CATALOG, newEnvelope, type EventType, type PayloadOf } from "@starling/events";
import { startDnsServer, waitFor } from "@starling/testkit";
import { backends } from "./harness.ts";
import { form, register, startFixture, type Fixture } from "./registration-fixture.ts";

/** The test zone: MX hosts by domain, addresses by name. */
async function startZone() {
  const dns = await startDnsServer();
  for (const [domain, host] of [["disguised.test", "mx.blockedmail.test"], ["viaip.test", "mx.viaip.test"], ["fine.test", "mx.fine.test"]]) dns.mx.set(domain!, host!);
  for (const [name, address] of [["mx.blockedmail.test", "192.0.2.10"], ["mx.viaip.test", "192.0.2.66"], ["mx.fine.test", "192.0.2.20"]]) dns.a.set(name!, address!);
  return dns;
}

for (const backend of backends) {
  describe(`the e-mail MX check at sign-up (${backend.name})`, function () {
    this.timeout(60_000);
    let f: Fixture;
    let zone: Awaited<ReturnType<typeof startZone>>;
    const publish = async <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) => {
      await f.h.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "moderation", key, payload: encodePayload(type, payload) })]);
    };
    const mxCheck = async (on: boolean) => {
      await publish("instance_settings.updated", "instance", { registrationsMode: undefined, emailMxCheck: on, updatedAt: new Date() });
      await waitFor(async () => (await f.h.db.table("registration_mode").where({ id: 1, email_mx_check: on }).first()) ?? undefined, { what: `the MX check ${on ? "on" : "off"}` });
    };
    const errorsOf = async (name: string, email: string) => (await register(f, form(name, { email }))).refused?.fieldErrors.map((e) => `${e.field}:${e.error}`) ?? [];

    before(async () => {
      zone = await startZone();
      f = await startFixture(backend, "open", { EMAIL_DNS_SERVERS: zone.address, EMAIL_DNS_TIMEOUT_MS: "2000" });
      await publish("email_domain_block.created", "8201", { blockId: "8201", domain: "blockedmail.test" });
      await publish("email_domain_block.created", "8202", { blockId: "8202", domain: "192.0.2.66" });
      await waitFor(async () => (await f.h.db.table("email_domain_blocks").where({ block_id: "8202" }).first()) ?? undefined, { what: "the blocks" });
    });
    after(async () => {
      await f?.stop();
      await zone?.stop();
    });

    it("asks no DNS server while staff leave the check off", async () => {
      assert.deepEqual(await errorsOf("unchecked", "someone@disguised.test"), []);
      assert.deepEqual(zone.asked, []);
    });

    it("refuses an address whose mail server is a blocked domain or has a blocked address, and one whose domain has no address", async () => {
      await mxCheck(true);
      assert.deepEqual(await errorsOf("disguised", "mx@disguised.test"), ["email:ERR_BLOCKED"], "the MX host is under a blocked domain");
      assert.deepEqual(await errorsOf("viaip", "someone@viaip.test"), ["email:ERR_BLOCKED"], "the MX host's address is blocked");
      assert.deepEqual(await errorsOf("nowhere", "someone@nowhere.test"), ["email:ERR_UNREACHABLE"]);
      assert.ok(zone.asked.includes("disguised.test") && zone.asked.includes("mx.blockedmail.test"), "the domain and its MX host were looked up on the test server");
      assert.deepEqual(await errorsOf("welcome", "someone@fine.test"), [], "a provider whose servers are not blocked");
    });

    it("takes the address again once staff turn the check off", async () => {
      await mxCheck(false);
      assert.deepEqual(await errorsOf("disguised2", "other@disguised.test"), []);
    });
  });
}
