/** Why a mute duration was refused. */
export class InvalidMuteDuration extends Error {}

// A century: longer would only risk overflowing the timestamp; "until unmuted" is duration 0.
const MAX_SECONDS = 100 * 365 * 24 * 60 * 60;

/**
 * When a mute of `seconds` set at `now` ends: null for 0 (until unmuted), else now + seconds.
 * Throws {@link InvalidMuteDuration} for anything but a whole number of seconds from 0 to a century.
 */
export function muteExpiry(seconds: string | number, now: Date): Date | null {
  const value = typeof seconds === "number" ? seconds : /^\d{1,12}$/.test(seconds) ? Number(seconds) : Number.NaN;
  if (!Number.isInteger(value) || value < 0 || value > MAX_SECONDS) throw new InvalidMuteDuration("Validation failed: Duration must be a whole number of seconds, 0 for no end");
  return value === 0 ? null : new Date(now.getTime() + value * 1000);
}

/** Whether a mute with this end is still in force at `now`. */
export function muteIsLive(expiresAt: Date | null, now: Date): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime();
}
