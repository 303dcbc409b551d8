/**
 * Makes the embedded store's counters (rate limits, sign-in throttles) survive a restart: every
 * counter write appends the counter's new state as a JSON line to a file under DATA_DIR, with a
 * synchronous append (no fsync), which a kill -9 cannot undo — the kernel holds the write. Caches
 * and feeds are not journaled; they are rebuilt on a miss, so their writes stay in memory only.
 * Opening replays the file (last line of a key wins), drops expired counters and rewrites it with one
 * line per live counter; it is rewritten the same way when it grows far beyond that.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** A counter's state: its value, and when it expires (epoch milliseconds, or null). */
export interface CounterState {
  key: string;
  value: string;
  expiresAt: number | null;
}

/** The journal of one store; it knows which keys are counters. */
export interface CounterJournal {
  /** The live counters found at open. */
  readonly restored: CounterState[];
  /** Records a counter's new state. */
  record(state: CounterState): void;
  /** Records a new expiry of `key` when it is a counter. */
  expire(key: string, value: string, expiresAt: number | null): void;
  /** `key` is no longer a counter (deleted or overwritten by another kind of write); recorded when it was one. */
  forget(key: string): void;
  /** `key` expired: no line needed, expired counters are dropped at open. */
  expired(key: string): void;
}

// A line is either a state, or a key with `forget: true`.
type Line = { key: string; value?: string; expiresAt?: number | null; forget?: true };

// Rewrite once the file holds this many lines more than there are live counters.
const SLACK = 10_000;

/** Opens (creating if needed) the journal at `path`; `valueOf` reads a key's current state for a rewrite. */
export function openCounterJournal(path: string, now: number, valueOf: (key: string) => Omit<CounterState, "key"> | undefined): CounterJournal {
  mkdirSync(dirname(path), { recursive: true });
  const states = new Map<string, CounterState>();
  if (existsSync(path)) {
    for (const text of readFileSync(path, "utf8").split("\n")) {
      const line = parse(text);
      if (!line) continue;
      if (line.forget) states.delete(line.key);
      else states.set(line.key, { key: line.key, value: line.value ?? "0", expiresAt: line.expiresAt ?? null });
    }
  }
  const restored = [...states.values()].filter((s) => s.expiresAt === null || s.expiresAt > now);
  const counters = new Set(restored.map((s) => s.key));
  const live = () => [...counters].flatMap((key) => {
    const state = valueOf(key);
    return state ? [{ key, ...state }] : [];
  });
  const rewrite = (counters: CounterState[]) => {
    writeFileSync(`${path}.tmp`, counters.map((s) => `${JSON.stringify(s)}\n`).join(""));
    renameSync(`${path}.tmp`, path);
    lines = counters.length;
  };
  let lines = 0;
  rewrite(restored);
  const append = (line: Line) => {
    appendFileSync(path, `${JSON.stringify(line)}\n`);
    if (++lines > SLACK) {
      const current = live();
      if (lines > current.length + SLACK) rewrite(current);
    }
  };
  return {
    restored,
    record(state) {
      counters.add(state.key);
      append(state);
    },
    expire(key, value, expiresAt) {
      if (counters.has(key)) append({ key, value, expiresAt });
    },
    forget(key) {
      if (counters.delete(key)) append({ key, forget: true });
    },
    expired(key) {
      counters.delete(key);
    },
  };
}

// A torn last line (the process died mid-append) is skipped rather than failing the start.
function parse(text: string): Line | undefined {
  if (!text.trim()) return undefined;
  try {
    const line = JSON.parse(text) as Line;
    return typeof line.key === "string" ? line : undefined;
  } catch {
    return undefined;
  }
}
