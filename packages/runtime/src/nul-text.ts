/**
 * The path of the first string in a decoded message that holds a NUL character, or undefined.
 * PostgreSQL cannot store NUL in text, so such a value would fail deep in a query as a 500; every
 * gRPC server refuses it up front instead, whoever the caller (the gateway, federation, the CLI).
 * Byte fields (Buffer, Uint8Array) are not text and are skipped. Children are searched last one
 * first (the order this check has always reported in); the path is joined only for the string found,
 * so a clean message, nearly every one, costs no string building.
 */
export function nulTextPath(message: unknown): string | undefined {
  return searchNul(message, undefined);
}

/** Where a value sits: its key and its parent's place (undefined for the message itself). */
interface Place {
  parent: Place | undefined;
  key: string;
}

function searchNul(value: unknown, place: Place | undefined): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? pathOf(place) || "request" : undefined;
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value) || value instanceof Date) return undefined;
  if (Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) {
      const found = searchChild(value[i], place, String(i));
      if (found) return found;
    }
    return undefined;
  }
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i >= 0; i--) {
    const found = searchChild((value as Record<string, unknown>)[keys[i]!], place, keys[i]!);
    if (found) return found;
  }
  return undefined;
}

// Strings without NUL and scalars are passed over without making their place.
function searchChild(child: unknown, parent: Place | undefined, key: string): string | undefined {
  if (typeof child === "string" ? !child.includes("\u0000") : typeof child !== "object" || child === null) return undefined;
  return searchNul(child, { parent, key });
}

function pathOf(place: Place | undefined): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  let path = "";
  for (let i = keys.length - 1; i >= 0; i--) path = path ? `${path}.${keys[i]}` : keys[i]!;
  return path;
}
