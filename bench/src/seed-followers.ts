import pg from "pg";
import type { StackInfra } from "@starling/e2e";

// Above every id Starling makes (milliseconds since 1970 shifted left 16 bits, about 1.2e17 today),
// so the synthetic followers never collide with a real account.
const FIRST_FOLLOWER_ID = 900_000_000_000_000_000n;

/**
 * Makes `count` local followers of `authorId`, in one statement, straight into the timelines
 * service's `follows` read model: the table fan-out reads, in the state a follow.accepted event
 * leaves there. They have no accounts elsewhere; fan-out never asks. Resolves their ids in
 * account id order, the order fan-out walks them.
 */
export async function seedFollowers(infra: StackInfra, authorId: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: infra.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into timelines.follows (account_id, target_account_id, show_reblogs, active, changed_at)
       select $1::bigint + g, $2::bigint, true, true, now() from generate_series(1, $3::int) g`,
      [FIRST_FOLLOWER_ID.toString(), authorId, count],
    );
  } finally {
    await client.end();
  }
  return Array.from({ length: count }, (_, i) => (FIRST_FOLLOWER_ID + BigInt(i + 1)).toString());
}
