/**
 * The path of the first string in a decoded message that holds a NUL character, or undefined.
 * PostgreSQL cannot store NUL in text, so such a value would fail deep in a query as a 500; every
 * gRPC server refuses it up front instead, whoever the caller (the gateway, federation, the CLI).
 * Byte fields (Buffer, Uint8Array) are not text and are skipped. Walks with its own stack.
 */
export function nulTextPath(message: unknown): string | undefined {
  // Paths are joined only for the string found: a clean message (nearly all of them) costs no string building.
  const stack: { value: unknown; parent: Frame | undefined; key: string }[] = [{ value: message, parent: undefined, key: "" }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const value = frame.value;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return pathOf(frame) || "request";
    } else if (typeof value === "object" && value !== null && !ArrayBuffer.isView(value) && !(value instanceof Date)) {
      for (const key in value) if (Object.hasOwn(value, key)) stack.push({ value: (value as Record<string, unknown>)[key], parent: frame, key });
    }
  }
  return undefined;
}

interface Frame {
  parent: Frame | undefined;
  key: string;
}

function pathOf(frame: Frame): string {
  const keys: string[] = [];
  for (let at: Frame | undefined = frame; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}
