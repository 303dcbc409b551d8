import { createHash, randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import pg from "pg";
import type { Stack } from "@starling/e2e";

/** A seeded viewer: a local account with a user and a bearer token, following the author. */
export interface SeededViewer {
  accountId: string;
  accessToken: string;
}

// Above every id Starling makes (about 1.2e17 today) and apart from the fan-out bench's followers (9e17).
const FIRST_VIEWER_ID = 910_000_000_000_000_000n;

/**
 * The database of `stack` as its services reach it: the production-like stack's own, or the
 * embedded server's PostgreSQL, which listens on a unix socket in DATA_DIR/postgres (trust
 * authentication for this machine's owner of the directory).
 */
export function databaseUrlOf(stack: Stack): string | undefined {
  if (stack.infra) return stack.infra.databaseUrl;
  return stack.dataDir && `postgresql://postgres@${encodeURIComponent(join(resolve(stack.dataDir), "postgres"))}/postgres`;
}

/**
 * Makes `count` viewers following the author in a few statements, for the bench only: making
 * 10,000 accounts through the CLI (a process start and two scrypt hashes each) and signing each in
 * (another scrypt) would take hours on this machine. Each account, user and token is a copy of the
 * author's own rows (made by the CLI and a password sign-in, so every column is as those paths
 * write it) with its identity changed: id, username, URI and URL, e-mail, and a token of its own.
 * The password hash is the author's, hashed once. The follows go straight into the timelines
 * service's `follows` read model, as a follow.accepted event leaves them (fan-out reads nothing
 * else); no account.created or follow events are published, so other services never hear of them.
 */
export async function seedViewers(databaseUrl: string, author: { accountId: string; accessToken: string }, count: number, suffix: string): Promise<SeededViewer[]> {
  const first = FIRST_VIEWER_ID + BigInt(Number.parseInt(suffix, 16)) * 100_000n;
  const ids = Array.from({ length: count }, (_, i) => (first + BigInt(i)).toString());
  const viewers = ids.map((accountId) => ({ accountId, accessToken: randomBytes(24).toString("base64url") }));
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost mid-statement rejects that statement; the event itself needs a listener or it kills the bench.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("begin");
    const names = ids.map((_, i) => `viewer${i}_${suffix}`);
    const renamed = "replace(a.uri, a.username, v.username)";
    await client.query(
      `insert into accounts.accounts
       select (jsonb_populate_record(null::accounts.accounts, to_jsonb(a) || jsonb_build_object('id', v.id, 'username', v.username, 'uri', ${renamed}, 'url', replace(a.url, a.username, v.username)))).*
       from accounts.accounts a, unnest($2::bigint[], $3::text[]) v(id, username) where a.id = $1`,
      [author.accountId, ids, names],
    );
    // A user's and a token's ids only need to be unique; the account's id serves, in their own tables.
    await client.query(
      `insert into accounts.users
       select (jsonb_populate_record(null::accounts.users, to_jsonb(u) || jsonb_build_object('id', v.id, 'account_id', v.id, 'email', v.username || '@example.com'))).*
       from accounts.users u, unnest($2::bigint[], $3::text[]) v(id, username) where u.account_id = $1`,
      [author.accountId, ids, names],
    );
    await client.query(
      `insert into accounts.oauth_tokens
       select (jsonb_populate_record(null::accounts.oauth_tokens, to_jsonb(t) || jsonb_build_object('id', v.id, 'user_id', v.id, 'account_id', v.id, 'token_hash', v.hash))).*
       from accounts.oauth_tokens t, unnest($2::bigint[], $3::text[]) v(id, hash) where t.token_hash = $1`,
      [hashToken(author.accessToken), ids, viewers.map((v) => hashToken(v.accessToken))],
    );
    await client.query(
      `insert into timelines.follows (account_id, target_account_id, show_reblogs, active, changed_at)
       select v.id, $1::bigint, true, true, now() from unnest($2::bigint[]) v(id)`,
      [author.accountId, ids],
    );
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    await client.end();
  }
  return viewers;
}

// As the accounts service stores bearer tokens (domain/secrets.ts): their SHA-256, never the token.
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
