import { randomBytes } from "node:crypto";
import { signIn, type Session, type Stack } from "@starling/e2e";
import { figure, type Column } from "./figures.ts";
import { readRssMiB } from "./process-memory.ts";
import { databaseUrlOf, seedViewers } from "./seed-viewers.ts";

const GIVE_UP_AFTER_MS = 120_000;
// Sockets opening at the same time.
const OPENING_AT_ONCE = 10;

/**
 * `viewers` accounts (seeded in bulk: seed-viewers.ts) follow one author and hold `sockets`
 * WebSocket connections between them, each subscribed to `user`; the author posts once through the
 * API. Figures: time from sending the post to the `update` on each socket (p50, p99, and the last
 * one; one round to warm up, the second measured), and the RSS of the process serving the streams
 * (the embedded server, or the production-like stack's gateway) with every socket open. Each viewer
 * is rendered once per batch however many sockets it holds, so `viewers` is what the per-viewer
 * rendering costs scale with.
 */
export async function benchStreaming(stack: Stack, viewers: number, sockets: number): Promise<Column["figures"]> {
  const suffix = randomBytes(3).toString("hex");
  const author = await session(stack, `streamer_${suffix}`);
  const databaseUrl = databaseUrlOf(stack);
  if (!databaseUrl) throw new Error(`the ${stack.name} stack does not say where its database is, so viewers cannot be seeded`);
  const followers = await seedViewers(databaseUrl, { accountId: author.account.id, accessToken: author.accessToken }, viewers, suffix);
  const latencies: number[] = [];
  let expected = "";
  let postedAt = 0;
  const open: WebSocket[] = [];
  const base = stack.url.replace(/^http/, "ws");
  try {
    // Each socket's first open resolves a token never seen (an accounts call, and an activity write): under load one may fail, and is tried again (at most four times).
    let retried = 0;
    // Sockets that never opened: the figures are then for the others, and the note says how many.
    let unopened = 0;
    const connect = async (i: number, tries = 5): Promise<void> => {
      const socket = new WebSocket(`${base}/api/v1/streaming?stream=user&access_token=${followers[i % viewers]!.accessToken}`);
      socket.addEventListener("message", (message) => {
        const frame = JSON.parse(String(message.data)) as { event: string; payload: string };
        if (frame.event === "update" && (JSON.parse(frame.payload) as { id: string }).id === expected) latencies.push(performance.now() - postedAt);
      });
      const opened = await new Promise<boolean>((resolve) => {
        socket.addEventListener("open", () => resolve(true));
        socket.addEventListener("error", () => resolve(false));
      });
      if (opened) return void open.push(socket);
      if (tries <= 1) return void unopened++;
      retried++;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return connect(i, tries - 1);
    };
    for (let i = 0; i < sockets; i += OPENING_AT_ONCE) await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, sockets - i) }, (_, j) => connect(i + j)));
    const servingPid = stack.pid ?? stack.servicePid?.("gateway");
    const rss = servingPid === undefined ? undefined : await readRssMiB(servingPid);
    for (const round of ["warm-up", "measured"]) {
      latencies.length = 0;
      postedAt = performance.now();
      expected = await post(stack, author, `streamed to ${sockets} sockets (${round})`);
      const deadline = performance.now() + GIVE_UP_AFTER_MS;
      while (latencies.length < open.length && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
    const note = `${open.length} sockets, ${Math.min(viewers, open.length)} viewers${retried ? `, ${retried} opens retried` : ""}${unopened ? `, ${unopened} never opened` : ""}${sorted.length < open.length ? `, ${sorted.length} got it` : ""}`;
    return { streamP50Ms: figure(at(0.5), note), streamP99Ms: figure(at(0.99), note), streamLastMs: figure(sorted.length === open.length ? sorted.at(-1)! : Number.NaN, note), ...(rss === undefined ? {} : { streamRssMiB: figure(rss, note) }) };
  } catch (error) {
    // What the server said is the likeliest explanation of a socket that failed.
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stack.output?.().slice(-4000) ?? ""}`, { cause: error });
  } finally {
    for (const socket of open) socket.close();
  }
}

async function session(stack: Stack, username: string): Promise<Session> {
  const email = `${username}@example.com`;
  return signIn(stack.url, email, await stack.createAccount(username, email));
}

async function post(stack: Stack, author: Session, text: string): Promise<string> {
  const response = await fetch(`${stack.url}/api/v1/statuses`, {
    method: "POST",
    headers: { authorization: `Bearer ${author.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ status: text, visibility: "public" }),
  });
  if (response.status !== 200) throw new Error(`POST /api/v1/statuses answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
