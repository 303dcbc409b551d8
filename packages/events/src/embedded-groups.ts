/**
 * The embedded bus's consumer groups: who reads which partition of a topic and where each group
 * stands, rebuilt after a restart from the positions the durable store kept.
 */
import type { SubscribeOptions } from "./event-bus.ts";
import type { BusSnapshot } from "./embedded-bus-store.ts";
import type { PartitionLog } from "./embedded-log.ts";

/** One subscription's share of a group. */
export type Member = { options: SubscribeOptions; abort: AbortController; inFlight: Set<Promise<unknown>> };
/** Where a group stands in one partition of one topic, and which member reads it. */
export type Cursor = { position: number; owner: Member | undefined; loop: Promise<void> | undefined };
/** One group's reading of one topic. */
export type GroupTopic = { topic: string; group: string; members: Member[]; cursors: Cursor[]; transient: boolean };

/** The key of one group's reading of one topic. */
export function groupTopicId(group: string, topic: string): string {
  return `${group}\u0000${topic}`;
}

/** A group with no members yet whose cursors start at `positions` (per partition). */
export function newGroupTopic(group: string, topic: string, positions: number[], transient = false): GroupTopic {
  return { topic, group, members: [], cursors: positions.map((position) => ({ position, owner: undefined, loop: undefined })), transient };
}

/** The groups a snapshot knows, memberless until they subscribe again, at their committed positions. */
export function restoreGroups(snapshot: BusSnapshot, logOf: (topic: string) => PartitionLog[]): Map<string, GroupTopic> {
  const groups = new Map<string, GroupTopic>();
  for (const { group, topic } of snapshot.positions) {
    const id = groupTopicId(group, topic);
    if (groups.has(id)) continue;
    const stored = snapshot.positions.filter((p) => p.group === group && p.topic === topic);
    groups.set(id, newGroupTopic(group, topic, logOf(topic).map((log, partition) => stored.find((p) => p.partition === partition)?.position ?? log.start)));
  }
  return groups;
}

/** Partition p goes to member p mod n, so members of one group split the partitions between them. */
export function rebalance(g: GroupTopic, schedule: (partition: number) => void): void {
  g.cursors.forEach((cursor, partition) => {
    cursor.owner = g.members.length > 0 ? g.members[partition % g.members.length] : undefined;
    if (cursor.owner) schedule(partition);
  });
}
