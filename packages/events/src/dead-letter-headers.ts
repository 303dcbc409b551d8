/**
 * Provenance of a dead-lettered message travels in message headers, so the envelope itself stays
 * byte-for-byte what the writer published and can be redriven unchanged.
 */
import type { DeadLetterProvenance } from "./event-bus.ts";

const NAMES = {
  topic: "x-dlq-topic",
  partition: "x-dlq-partition",
  offset: "x-dlq-offset",
  group: "x-dlq-group",
  error: "x-dlq-error",
} as const;

/** Headers describing where a dead-lettered message came from. */
export function deadLetterHeaders(provenance: DeadLetterProvenance): Record<string, string> {
  return {
    [NAMES.topic]: provenance.topic,
    [NAMES.partition]: String(provenance.partition),
    [NAMES.offset]: provenance.offset,
    [NAMES.group]: provenance.group,
    // Stack traces and huge messages do not belong in a header; the start is enough to triage.
    [NAMES.error]: provenance.error.slice(0, 1000),
  };
}

/** Reads provenance back from headers; undefined when the message was not dead-lettered. */
export function provenanceFromHeaders(headers: Record<string, string | undefined>): DeadLetterProvenance | undefined {
  const topic = headers[NAMES.topic];
  if (topic === undefined) return undefined;
  return {
    topic,
    partition: Number(headers[NAMES.partition] ?? -1),
    offset: headers[NAMES.offset] ?? "",
    group: headers[NAMES.group] ?? "",
    error: headers[NAMES.error] ?? "",
  };
}
