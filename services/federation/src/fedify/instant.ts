import { createRequire } from "node:module";

// Node has no global Temporal yet; Fedify's vocabulary checks instants made by the polyfill it
// depends on, so ours come from that same copy.
const polyfill = createRequire(import.meta.resolve("@fedify/fedify"))("@js-temporal/polyfill") as { Temporal: typeof globalThis.Temporal };

/** A Date as the Temporal.Instant Fedify's vocabulary takes. */
export function toInstant(date: Date): Temporal.Instant {
  return polyfill.Temporal.Instant.fromEpochMilliseconds(date.getTime());
}
