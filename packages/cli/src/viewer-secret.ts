import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The viewer-token secret for the embedded mode: taken from the environment when set, otherwise
 * generated once into DATA_DIR/secrets (mode 0600) so the server and the CLI agree across restarts.
 */
export function viewerSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const dir = join(resolve(dataDir), "secrets");
  const file = join(dir, "viewer-token-secret");
  // A file cut short by a crash during the first write is replaced rather than trusted.
  const existing = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  if (existing.length >= 32) return existing;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
