import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** One message of a local mailbox folder, decoded enough for a test to read it. */
export interface MailboxMessage {
  file: string;
  to: string;
  subject: string;
  /** The plain-text body, transfer encoding undone. */
  text: string;
}

/**
 * The messages in a local mailbox folder (one RFC 5322 `.eml` file each, as the services write them
 * when no SMTP server is configured), oldest first; an absent folder is an empty mailbox. Only what
 * tests need is decoded: unfolded headers and a quoted-printable or base64 single-part body.
 */
export async function readMailbox(dir: string): Promise<MailboxMessage[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort();
  return Promise.all(names.map(async (file) => ({ file, ...parseMailMessage(await readFile(join(dir, file), "utf8")) })));
}

/** Decodes one RFC 5322 message (a mailbox file, or what a test SMTP server received) as readMailbox does. */
export function parseMailMessage(raw: string): Omit<MailboxMessage, "file"> {
  const source = raw.replace(/\r\n/g, "\n");
  const split = source.indexOf("\n\n");
  const head = split < 0 ? source : source.slice(0, split);
  const body = split < 0 ? "" : source.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  return { to: headers.get("to") ?? "", subject: headers.get("subject") ?? "", text: decodeBody(body, encoding) };
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding !== "quoted-printable") return body;
  const bytes = body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}
