/** ISO 8601 with milliseconds, or null. */
export const isoOrNull = (date: Date | undefined): string | null => (date ? date.toISOString() : null);
