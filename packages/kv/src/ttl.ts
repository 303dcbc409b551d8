/**
 * One rule for expiries given at write time, shared by both adapters: Redis refuses `PX 0` and
 * fractional milliseconds, so the embedded store must refuse the first and round the second the
 * same way, or tests would pass on it and fail in production.
 */
export function writeTtlMs(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
  return Math.ceil(ttlMs);
}
