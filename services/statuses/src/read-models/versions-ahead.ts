import type { KeyValueStore } from "@starling/kv";

/**
 * Per-viewer version keys (the counters that move the standings and marks caches on) read ahead
 * for one call, so that a page read asks for them in the same tick as its statuses rows: with the
 * store's auto-pipelining they share that round trip instead of waiting one each afterwards.
 *
 * Only a call that changes nothing may read ahead: one that writes a viewer's marks must read the
 * version after its write, or it would cache the marks it just changed under the version its
 * write left behind. Reading earlier is otherwise as safe as reading just before the fetch: what
 * the caches need is that the version is read before the values it keys are.
 */
const ahead = new WeakMap<object, Map<string, Promise<string | null>>>();

/** Starts reading `key` for the call `scope` (its Caller, which lives as long as the call). */
export function readVersionAhead(kv: KeyValueStore, scope: object, key: string): void {
  let versions = ahead.get(scope);
  if (!versions) ahead.set(scope, (versions = new Map()));
  if (versions.has(key)) return;
  const read = kv.get(key);
  // A page that turns out to need no standings or marks never awaits it; a failure reaches whoever does.
  read.catch(() => undefined);
  versions.set(key, read);
}

/** The version at `key` ("0" when there is none): the one read ahead for `scope` when there is one, else read now. */
export async function versionOf(kv: KeyValueStore, key: string, scope: object | undefined): Promise<string> {
  return (await storedVersionOf(kv, key, scope)) ?? "0";
}

/** As {@link versionOf}, but null when the store holds no version at `key`. */
export function storedVersionOf(kv: KeyValueStore, key: string, scope: object | undefined): Promise<string | null> {
  return (scope && ahead.get(scope)?.get(key)) ?? kv.get(key);
}
