/**
 * A count another server advertises (totalItems, votersCount), as the int64 fields of our contracts
 * carry it: a whole number from 0 to Number.MAX_SAFE_INTEGER. Anything else (negative, NaN, absurdly
 * large) is clamped or counts as none, so a hostile server cannot make the call that stores it fail.
 */
export function remoteCount(value: number | null | undefined): number {
  const n = Math.floor(value ?? 0);
  if (Number.isNaN(n) || n < 0) return 0;
  return Math.min(n, Number.MAX_SAFE_INTEGER);
}
