import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";

/** Runs `fn` with a fresh scratch folder inside `root`, removed afterwards whatever happens. */
export async function withWorkDir<T>(root: string, fn: (dir: string) => Promise<T>): Promise<T> {
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(join(root, "job-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
