import { randomBytes } from "node:crypto";
import { signIn, type Session, type Stack } from "@starling/e2e";
import { figure, type Column } from "./figures.ts";
import { readRssMiB } from "./process-memory.ts";

// Accounts made at a time: each is a CLI run against the server.
const SEED_PARALLEL = 4;
const GIVE_UP_AFTER_MS = 120_000;

/**
 * `viewers` accounts follow one author and hold `sockets` WebSocket connections between them, each
 * subscribed to `user`; the author posts once through the API. Figures: time from sending the post
 * to the `update` on each socket (p50, p99; one round to warm up, the second measured), and the
 * server's RSS with every socket open. Each viewer is rendered once per batch however many sockets
 * it holds, so `viewers` is what the per-viewer rendering costs scale with.
 */
export async function benchStreaming(stack: Stack, viewers: number, sockets: number): Promise<Column["figures"]> {
  const suffix = randomBytes(3).toString("hex");
  const author = await session(stack, `streamer_${suffix}`);
  const followers: Session[] = [];
  for (let i = 0; i < viewers; i += SEED_PARALLEL) {
    const batch = Array.from({ length: Math.min(SEED_PARALLEL, viewers - i) }, async (_, j) => {
      const follower = await session(stack, `watcher${i + j}_${suffix}`);
      await follower.client.v1.accounts.$select(author.account.id).follow();
      return follower;
    });
    followers.push(...(await Promise.all(batch)));
  }
  const latencies: number[] = [];
  let expected = "";
  let postedAt = 0;
  const open: WebSocket[] = [];
  const base = stack.url.replace(/^http/, "ws");
  try {
    for (let i = 0; i < sockets; i++) {
      const socket = new WebSocket(`${base}/api/v1/streaming?stream=user&access_token=${followers[i % viewers]!.accessToken}`);
      socket.addEventListener("message", (message) => {
        const frame = JSON.parse(String(message.data)) as { event: string; payload: string };
        if (frame.event === "update" && (JSON.parse(frame.payload) as { id: string }).id === expected) latencies.push(performance.now() - postedAt);
      });
      open.push(socket);
      await new Promise((resolve, reject) => {
        socket.addEventListener("open", resolve);
        socket.addEventListener("error", () => reject(new Error(`socket ${i} failed to open`)));
      });
    }
    const rss = stack.pid === undefined ? undefined : await readRssMiB(stack.pid);
    for (const round of ["warm-up", "measured"]) {
      latencies.length = 0;
      postedAt = performance.now();
      expected = await post(stack, author, `streamed to ${sockets} sockets (${round})`);
      const deadline = performance.now() + GIVE_UP_AFTER_MS;
      while (latencies.length < sockets && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
    const note = `${sockets} sockets, ${viewers} viewers${sorted.length < sockets ? `, ${sorted.length} got it` : ""}`;
    return { streamP50Ms: figure(at(0.5), note), streamP99Ms: figure(at(0.99), note), ...(rss === undefined ? {} : { streamRssMiB: figure(rss, note) }) };
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
