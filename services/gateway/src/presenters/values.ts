/** An empty proto string becomes null: Mastodon JSON never carries "" for an absent value. */
export const orNull = (value: string | undefined | null): string | null => (value ? value : null);

/** ISO 8601 with milliseconds, or null. */
export const isoOrNull = (date: Date | undefined): string | null => (date ? date.toISOString() : null);
