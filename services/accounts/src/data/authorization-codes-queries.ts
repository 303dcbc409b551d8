import type { Database, Transaction } from "@starling/db";
import type { PkceMethod } from "../domain/pkce.ts";

/** An authorization code, known only by its hash. */
export interface AuthorizationCode {
  id: string;
  appId: string;
  userId: string;
  accountId: string;
  codeHash: string;
  redirectUri: string;
  scopes: string[];
  challenge: { value: string; method: PkceMethod } | null;
  createdAt: Date;
  expiresAt: Date;
}

interface CodeRow {
  id: string;
  app_id: string;
  user_id: string;
  account_id: string;
  code_hash: string;
  redirect_uri: string;
  scopes: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  created_at: Date;
  expires_at: Date;
}

const toCode = (row: CodeRow): AuthorizationCode => ({
  id: String(row.id),
  appId: String(row.app_id),
  userId: String(row.user_id),
  accountId: String(row.account_id),
  codeHash: row.code_hash,
  redirectUri: row.redirect_uri,
  scopes: row.scopes.split(" ").filter((s) => s !== ""),
  challenge: row.code_challenge === null ? null : { value: row.code_challenge, method: (row.code_challenge_method ?? "plain") as PkceMethod },
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
});

export async function insertAuthorizationCode(db: Database, code: AuthorizationCode): Promise<void> {
  await db.table("oauth_authorization_codes").insert({
    id: code.id,
    app_id: code.appId,
    user_id: code.userId,
    account_id: code.accountId,
    code_hash: code.codeHash,
    redirect_uri: code.redirectUri,
    scopes: code.scopes.join(" "),
    code_challenge: code.challenge?.value ?? null,
    code_challenge_method: code.challenge?.method ?? null,
    created_at: code.createdAt,
    expires_at: code.expiresAt,
  });
}

/**
 * Marks a code used and returns it, in one statement, so two concurrent redemptions cannot both
 * succeed. Unknown, expired and already used codes all come back undefined.
 */
export async function consumeAuthorizationCode(db: Database, trx: Transaction, codeHash: string, now: Date): Promise<AuthorizationCode | undefined> {
  const rows: CodeRow[] = await db
    .table("oauth_authorization_codes", trx)
    .where({ code_hash: codeHash })
    .whereNull("used_at")
    .where("expires_at", ">", now)
    .update({ used_at: now })
    .returning("*");
  return rows[0] && toCode(rows[0]);
}
