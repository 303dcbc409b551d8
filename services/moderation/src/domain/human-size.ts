const UNITS = ["KB", "MB", "GB", "TB", "PB"];

/** A byte count for people, as Rails' number_to_human_size writes it ("0 Bytes", "1.5 MB", base 1024, 3 significant digits). */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "Byte" : "Bytes"}`;
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toPrecision(3))} ${UNITS[unit]}`;
}
