import type { Database, Transaction } from "@starling/db";

/** A registered OAuth application. */
export interface OauthApp {
  id: string;
  name: string;
  website: string | null;
  redirectUris: string[];
  scopes: string[];
  clientId: string;
  clientSecret: string;
  createdAt: Date;
}

/** An access token, known only by its hash. */
export interface OauthToken {
  id: string;
  appId: string;
  userId: string | null;
  accountId: string | null;
  tokenHash: string;
  scopes: string[];
  createdAt: Date;
  revokedAt: Date | null;
}

interface AppRow {
  id: string;
  name: string;
  website: string | null;
  redirect_uris: string;
  scopes: string;
  client_id: string;
  client_secret: string;
  created_at: Date;
}

interface TokenRow {
  id: string;
  app_id: string;
  user_id: string | null;
  account_id: string | null;
  token_hash: string;
  scopes: string;
  created_at: Date;
  revoked_at: Date | null;
}

const words = (value: string) => value.split(" ").filter((s) => s !== "");

const toApp = (row: AppRow): OauthApp => ({
  id: String(row.id),
  name: row.name,
  website: row.website,
  redirectUris: row.redirect_uris.split("\n").filter((u) => u !== ""),
  scopes: words(row.scopes),
  clientId: row.client_id,
  clientSecret: row.client_secret,
  createdAt: new Date(row.created_at),
});

const toToken = (row: TokenRow): OauthToken => ({
  id: String(row.id),
  appId: String(row.app_id),
  userId: row.user_id === null ? null : String(row.user_id),
  accountId: row.account_id === null ? null : String(row.account_id),
  tokenHash: row.token_hash,
  scopes: words(row.scopes),
  createdAt: new Date(row.created_at),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
});

export async function insertApp(db: Database, app: OauthApp): Promise<void> {
  await db.table("oauth_apps").insert({
    id: app.id,
    name: app.name,
    website: app.website,
    redirect_uris: app.redirectUris.join("\n"),
    scopes: app.scopes.join(" "),
    client_id: app.clientId,
    client_secret: app.clientSecret,
    created_at: app.createdAt,
  });
}

export async function findAppByClientId(db: Database, clientId: string, trx?: Transaction): Promise<OauthApp | undefined> {
  const row: AppRow | undefined = await db.table("oauth_apps", trx).where({ client_id: clientId }).first();
  return row && toApp(row);
}

export async function findAppById(db: Database, id: string, trx?: Transaction): Promise<OauthApp | undefined> {
  const row: AppRow | undefined = await db.table("oauth_apps", trx).where({ id }).first();
  return row && toApp(row);
}

export async function insertToken(db: Database, trx: Transaction, token: OauthToken): Promise<void> {
  await db.table("oauth_tokens", trx).insert({
    id: token.id,
    app_id: token.appId,
    user_id: token.userId,
    account_id: token.accountId,
    token_hash: token.tokenHash,
    scopes: token.scopes.join(" "),
    created_at: token.createdAt,
    revoked_at: token.revokedAt,
  });
}

export async function findTokenByHash(db: Database, tokenHash: string): Promise<OauthToken | undefined> {
  const row: TokenRow | undefined = await db.table("oauth_tokens").where({ token_hash: tokenHash }).first();
  return row && toToken(row);
}

/** Marks a token revoked; revoking twice keeps the first time. Resolves whether this call revoked it. */
export async function revokeToken(db: Database, trx: Transaction, tokenId: string, at: Date): Promise<boolean> {
  return (await db.table("oauth_tokens", trx).where({ id: tokenId }).whereNull("revoked_at").update({ revoked_at: at })) > 0;
}
