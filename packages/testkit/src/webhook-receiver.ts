import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One POST a test webhook receiver got, and the status it answered. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** A webhook receiver on 127.0.0.1: its URL, what it got, how many next POSTs fail (settable), and stop. */
export interface TestWebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /**
   * The next `failNext` POSTs are answered 500, the rest 200. While `hold` is set, a POST that has
   * arrived (counted in `waiting`) is answered only once that promise settles.
   */
  state: { failNext: number; hold?: Promise<void> | undefined; waiting: number };
  stop(): Promise<void>;
}

/** Starts a receiver that records every POST; a test sets `state.failNext` to watch retries. */
export async function startWebhookReceiver(): Promise<TestWebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const state: TestWebhookReceiver["state"] = { failNext: 0, waiting: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      state.waiting++;
      await state.hold?.catch(() => undefined);
      state.waiting--;
      const answered = state.failNext > 0 ? 500 : 200;
      if (state.failNext > 0) state.failNext--;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, state, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Whether an X-Hub-Signature header is sha256= and the HMAC-SHA256 of the body with the secret (checked as a receiver should). */
export function hubSignatureMatches(header: string | string[] | undefined, body: string, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
  const given = Buffer.from(typeof header === "string" ? header : "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
