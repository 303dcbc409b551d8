/**
 * Key → partition for the embedded bus. Any stable hash keeps one key's events in one partition, which
 * is all ordering needs; it does not have to match Kafka's murmur2 because the two never share data.
 */

/** FNV-1a hash of the key's UTF-8 bytes, reduced to a partition index in [0, partitions). */
export function partitionForKey(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, "utf8")) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}
