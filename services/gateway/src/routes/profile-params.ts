// Parameter shapes of update_credentials. Clients send the same form in three encodings: JSON
// (nested), urlencoded (nested by the extended parser) and multipart (flat bracketed keys), and
// Mastodon accepts fields_attributes both as an array and as a hash keyed by position.

/** One profile field as a client sent it. */
export interface FieldAttributes {
  name: string;
  value: string;
}

const BRACKETED = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;

/**
 * Rebuilds nested parameters from flat bracketed keys as multipart forms carry them:
 * `source[privacy]` → `{source: {privacy}}`, `fields_attributes[0][name]` → `{fields_attributes: {0: {name}}}`.
 * Keys without brackets and already nested values are kept as they are.
 */
export function nestBracketKeys(params: unknown): unknown {
  if (typeof params !== "object" || params === null || Array.isArray(params)) return params;
  // No prototypes: a key such as `__proto__[x]` must build a field, never reach Object.prototype.
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(params)) {
    const match = BRACKETED.exec(key);
    if (!match) {
      out[key] = value;
      continue;
    }
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node = out;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) {
        node[part] = value;
        break;
      }
      const next = node[part];
      node = (typeof next === "object" && next !== null ? next : (node[part] = Object.create(null))) as Record<string, unknown>;
    }
  }
  return out;
}

/**
 * fields_attributes in any accepted shape, in order: an array of `{name, value}`, an array of
 * partial rows as `fields_attributes[][name]=…&fields_attributes[][value]=…` parses (a row ends
 * when a key repeats, as Rack reads it), or a hash keyed by position. Undefined when absent;
 * throws on anything else.
 */
export function fieldsAttributes(raw: unknown): FieldAttributes[] | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "object" || raw === null) throw new Error("fields_attributes must be a list or a hash of {name, value}");
  const rows = Array.isArray(raw) ? mergePartialRows(raw) : Object.entries(raw).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b)).map(([, row]) => row);
  return rows.map((row) => {
    if (typeof row !== "object" || row === null) throw new Error("each of fields_attributes must be {name, value}");
    const { name, value } = row as Record<string, unknown>;
    return { name: text(name), value: text(value) };
  });
}

function mergePartialRows(rows: unknown[]): unknown[] {
  const merged: Record<string, unknown>[] = [];
  for (const row of rows) {
    if (typeof row !== "object" || row === null) {
      merged.push(row as Record<string, unknown>);
      continue;
    }
    const last = merged.at(-1);
    const keys = Object.keys(row);
    if (last && typeof last === "object" && keys.every((k) => !(k in last))) Object.assign(last, row);
    else merged.push({ ...row });
  }
  return merged;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  throw new Error("field names and values must be text");
}
