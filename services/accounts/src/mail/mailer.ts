import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";

/** One e-mail to one person. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the service's e-mails: confirmations, sign-in alerts. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Where mail goes: an SMTP server, or (no SMTP configured) one .eml file per message in a folder. */
export interface MailerOptions {
  /** smtp:// or smtps:// URL with credentials; empty selects the mailbox folder. */
  smtpUrl?: string | undefined;
  /** Folder of the local mailbox, used when no SMTP URL is set. */
  mailboxDir: string;
  from: string;
}

/**
 * Builds the mailer. Both ways go through nodemailer, so a message written to the local mailbox is
 * the same RFC 5322 text an SMTP server would have received; file names start with the time so a
 * folder listing reads oldest first.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: options.from, ...mail })) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(options.mailboxDir, { recursive: true });
      const name = `${Date.now()}-${process.pid}-${++sequence}.eml`;
      await writeFile(join(options.mailboxDir, name), info.message as Buffer);
    },
  };
}

/**
 * The VAPID `sub` claim for a From address ("Name <a@b>" or "a@b"): push services contact the
 * sender at it (RFC 8292 §2.1).
 */
export function vapidSubject(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return `mailto:${address}`;
}
