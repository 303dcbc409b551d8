/**
 * The path of the first string in a decoded message that holds a NUL character, or undefined.
 * PostgreSQL cannot store NUL in text, so such a value would fail deep in a query as a 500; every
 * gRPC server refuses it up front instead, whoever the caller (the gateway, federation, the CLI).
 * Byte fields (Buffer, Uint8Array) are not text and are skipped. Walks with its own stack.
 */
export function nulTextPath(message: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: message, path: "" }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return path || "request";
    } else if (typeof value === "object" && value !== null && !ArrayBuffer.isView(value) && !(value instanceof Date)) {
      for (const [key, child] of Object.entries(value)) stack.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
  return undefined;
}
