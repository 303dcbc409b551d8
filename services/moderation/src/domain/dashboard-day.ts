/** The UTC calendar day (YYYY-MM-DD) of an instant: the dashboard counts by UTC day, as Mastodon. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The days from `from` to `to` (YYYY-MM-DD, both included), in order. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) days.push(utcDay(new Date(at)));
  return days;
}

/** The same number of days just before `span` (Mastodon's previous_total period). */
export function previousSpan(span: { from: string; to: string }): { from: string; to: string } {
  const length = Date.parse(`${span.to}T00:00:00Z`) - Date.parse(`${span.from}T00:00:00Z`) + 86_400_000;
  const start = Date.parse(`${span.from}T00:00:00Z`);
  return { from: utcDay(new Date(start - length)), to: utcDay(new Date(start - 86_400_000)) };
}

/** Midnight UTC of a day, as Mastodon writes dates in measures ("2022-09-14T00:00:00.000Z"). */
export const dayStart = (day: string): string => `${day}T00:00:00.000Z`;
