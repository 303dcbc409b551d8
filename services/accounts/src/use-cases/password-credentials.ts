import { hashPassword, verifyPassword } from "../domain/password-hash.ts";
import { randomSecret } from "../domain/secrets.ts";
import { findUserByEmail, type User } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";

let decoyHash: Promise<string> | undefined;

/**
 * The user with this e-mail (any case) and password, or undefined. An unknown e-mail still costs one
 * password verification, against a throwaway hash, so neither the answer nor its timing tells who
 * has an account.
 */
export async function userWithPassword(deps: AccountsDeps, email: string, password: string): Promise<User | undefined> {
  const user = await findUserByEmail(deps.db, email.trim());
  const matches = await verifyPassword(password, user?.passwordHash ?? (await (decoyHash ??= hashPassword(randomSecret()))));
  return user && matches ? user : undefined;
}
