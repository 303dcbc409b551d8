import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMailMessage } from "./mailbox.ts";

/** A message a test SMTP server accepted: the envelope's recipients and the decoded message. */
export interface ReceivedMail {
  envelopeTo: string[];
  to: string;
  subject: string;
  text: string;
}

/** A running test SMTP server: the smtp:// URL to give as SMTP_URL, what it received, and stop. */
export interface TestSmtpServer {
  url: string;
  messages: ReceivedMail[];
  stop(): Promise<void>;
}

/** A real SMTP server (the smtp-server package) on 127.0.0.1 keeping every message it accepts. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate for the client to check.
    hideSTARTTLS: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), ...parseMailMessage(Buffer.concat(chunks).toString("utf8")) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, messages, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
