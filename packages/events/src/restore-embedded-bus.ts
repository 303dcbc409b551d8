/**
 * Rebuilds the embedded bus's partition logs from its durable store after a restart: every message
 * some group had not passed, at its old offset, so committed positions keep their meaning.
 */
import type { BusSnapshot } from "./embedded-bus-store.ts";
import { PartitionLog } from "./embedded-log.ts";

/** The logs of every topic in the snapshot, `partitions` per topic. */
export function restoreLogs(snapshot: BusSnapshot, partitions: number): Map<string, PartitionLog[]> {
  const topics = new Set([...snapshot.messages.map((m) => m.topic), ...snapshot.positions.map((p) => p.topic)]);
  const logs = new Map<string, PartitionLog[]>();
  for (const topic of topics) {
    logs.set(
      topic,
      Array.from({ length: partitions }, (_, partition) => {
        const messages = snapshot.messages.filter((m) => m.topic === topic && m.partition === partition);
        const positions = snapshot.positions.filter((p) => p.topic === topic && p.partition === partition).map((p) => p.position);
        // Offsets only grow: past the last stored message, and past where any group has read to.
        const end = Math.max(messages.length > 0 ? messages.at(-1)!.offset + 1 : 0, ...positions);
        const log = new PartitionLog(messages[0]?.offset ?? end);
        for (const message of messages) {
          skipTo(log, message.offset);
          log.fill({ offset: log.reserve(1), key: message.key, bytes: message.bytes, headers: message.headers });
        }
        skipTo(log, end);
        return log;
      }),
    );
  }
  return logs;
}

// Offsets with no stored message were rolled back before they were ever delivered.
function skipTo(log: PartitionLog, offset: number): void {
  if (offset <= log.end) return;
  const count = offset - log.end;
  log.abandon(log.reserve(count), count);
}
