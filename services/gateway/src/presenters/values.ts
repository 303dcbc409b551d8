import { BoundedMap } from "@starling/runtime";

// Date#toISOString costs about a microsecond, and a page formats the same few instants again and
// again (its statuses' and authors' times); formatted instants are kept by their time value.
const isoByTime = new BoundedMap<number, string>(10_000);

/** ISO 8601 with milliseconds, or null. */
export function isoOrNull(date: Date | undefined): string | null {
  if (!date) return null;
  const time = date.getTime();
  let iso = isoByTime.get(time);
  if (iso === undefined) {
    iso = date.toISOString();
    isoByTime.set(time, iso);
  }
  return iso;
}
