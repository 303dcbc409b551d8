import type { Migration } from "@starling/db";

/**
 * Staff's instance-level blocks (Mastodon's DomainBlock, DomainAllow, IpBlock, EmailDomainBlock,
 * CanonicalEmailBlock). Other services keep their own read models of them from the block events.
 */
export const createBlocks: Migration = {
  name: "0050_create_blocks",
  async up(knex, schema) {
    const create = (name: string, build: (t: Parameters<Parameters<typeof knex.schema.createTable>[1]>[0]) => void) =>
      knex.schema.withSchema(schema).createTable(name, (t) => {
        t.bigInteger("id").primary();
        build(t);
        t.timestamp("created_at", { useTz: true }).notNullable();
      });
    await create("domain_blocks", (t) => {
      t.text("domain").notNullable().unique();
      t.text("severity").notNullable(); // noop, silence or suspend
      t.boolean("reject_media").notNullable();
      t.boolean("reject_reports").notNullable();
      t.text("private_comment");
      t.text("public_comment");
      t.boolean("obfuscate").notNullable();
    });
    await create("domain_allows", (t) => t.text("domain").notNullable().unique());
    await create("ip_blocks", (t) => {
      t.text("ip").notNullable(); // address/prefix, host bits cleared
      t.text("severity").notNullable(); // sign_up_requires_approval, sign_up_block or no_access
      t.text("comment").notNullable();
      t.timestamp("expires_at", { useTz: true });
    });
    await create("email_domain_blocks", (t) => t.text("domain").notNullable().unique());
    await create("canonical_email_blocks", (t) => t.text("canonical_email_hash").notNullable().unique());
  },
};
