import type { Knex } from "knex";
import type { Migration } from "./database.ts";

/**
 * Feeds knex's migrator an explicit list instead of a directory, binding the service's schema into
 * every step so one migration list can run in any schema (tests use throwaway schemas).
 */
export function schemaMigrationSource(migrations: readonly Migration[], schema: string): Knex.MigrationSource<Migration> {
  assertUniqueNames(migrations);
  return {
    getMigrations: async () => [...migrations],
    getMigrationName: (migration) => migration.name,
    getMigration: async (migration) => ({
      up: (knex: Knex) => migration.up(knex, schema),
      down: (knex: Knex) => {
        if (!migration.down) throw new Error(`migration ${migration.name} cannot be reverted: it has no down`);
        return migration.down(knex, schema);
      },
    }),
  };
}

// knex records migrations by name; a duplicate would be silently skipped as "already run".
function assertUniqueNames(migrations: readonly Migration[]): void {
  const seen = new Set<string>();
  for (const { name } of migrations) {
    if (seen.has(name)) throw new Error(`duplicate migration name ${name}`);
    seen.add(name);
  }
}
