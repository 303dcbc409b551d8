import { fork } from "node:child_process";
import { once } from "node:events";

/** A server the bench runs in a process of its own (so autocannon in the bench does not steal its event loop). */
export interface ForkedServer {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Forks `entry` (without tsx: Node strips the types itself), sends it `setup` and resolves once it
 * answers the port it listens on. The child exits when the bench disconnects (or dies).
 */
export async function forkServer(entry: URL, setup: unknown, args: string[] = []): Promise<ForkedServer> {
  const child = fork(entry, args, { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.connected) child.disconnect();
    await exited;
  };
  try {
    const listening = Promise.race([once(child, "message") as Promise<[{ port: number }]>, exited.then(() => Promise.reject(new Error(`${entry.pathname} exited before listening`)))]);
    child.send(setup as object);
    const [{ port }] = await listening;
    return { port, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The child's side: waits for the setup, starts serving, reports the port; leaves with the bench. */
export function serveForked<Setup>(start: (setup: Setup) => Promise<number>): void {
  process.once("message", (setup: Setup) => {
    start(setup).then(
      (port) => process.send?.({ port }),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.once("disconnect", () => process.exit(0));
}
