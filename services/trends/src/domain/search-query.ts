/**
 * The search box's language, as Mastodon's full-text search reads it: bare words and "quoted
 * phrases" that must all match, plus operators that narrow the posts searched. A malformed query
 * is refused (INVALID_ARGUMENT, a 422 at the gateway), never guessed at.
 */
import { invalidArgument } from "@starling/runtime";

export const HAS_VALUES = ["media", "poll", "link"] as const;
export const IS_VALUES = ["reply", "sensitive"] as const;
export type HasValue = (typeof HAS_VALUES)[number];
export type IsValue = (typeof IS_VALUES)[number];

/** An author named by `from:`: `me`, a local `user`, or `user@domain`. */
export type FromAuthor = { me: true } | { me?: false; username: string; domain?: string | undefined };

export interface SearchQuery {
  /** Words that must each appear (lower-cased as typed; stemming is the database's business). */
  terms: string[];
  /** Phrases whose words must appear in this order. */
  phrases: string[];
  from?: FromAuthor | undefined;
  has: HasValue[];
  is: IsValue[];
  /** ISO 639 code, lower case. */
  language?: string | undefined;
  /** Posts created strictly before this instant (the start of the named UTC day). */
  before?: Date | undefined;
  /** Posts created after the named UTC day, i.e. from the start of the next one. */
  after?: Date | undefined;
}

const OPERATORS = ["from", "has", "is", "language", "before", "after"] as const;
type Operator = (typeof OPERATORS)[number];
const isOperator = (name: string): name is Operator => (OPERATORS as readonly string[]).includes(name);

const HANDLE = /^@?([A-Za-z0-9_][A-Za-z0-9_.-]*)(?:@([A-Za-z0-9.-]+\.[A-Za-z0-9-]+|localhost)(?::(\d{1,5}))?)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const MAX_TOKENS = 32;
const MAX_LENGTH = 1_000;

interface Token {
  text: string;
  quoted: boolean;
}

/** Splits on white space, keeping "quoted phrases" whole; an unclosed quote is an error. */
function tokenize(q: string): Token[] {
  if (q.length > MAX_LENGTH) throw invalidArgument(`A search query may be at most ${MAX_LENGTH} characters long`);
  // PostgreSQL text cannot hold NUL, and no word has control characters.
  if (/[\u0000-\u0008\u000e-\u001f]/.test(q)) throw invalidArgument("A search query may not contain control characters");
  const tokens: Token[] = [];
  const pattern = /"([^"]*)"|(\S+)/g;
  for (const match of q.matchAll(pattern)) {
    if (match[2]?.includes('"')) throw invalidArgument(`Unbalanced quote in search query near: ${match[2]}`);
    tokens.push(match[1] === undefined ? { text: match[2]!, quoted: false } : { text: match[1], quoted: true });
  }
  if (tokens.length > MAX_TOKENS) throw invalidArgument(`A search query may have at most ${MAX_TOKENS} words and operators`);
  return tokens;
}

function parseDate(operator: string, value: string): Date {
  const parts = DATE.exec(value);
  const date = parts ? new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]))) : undefined;
  // Date.UTC rolls 2024-02-31 over to March; a date that does not round-trip does not exist.
  if (!date || date.toISOString().slice(0, 10) !== value) throw invalidArgument(`${operator}: needs a date as YYYY-MM-DD, not "${value}"`);
  return date;
}

function parseFrom(value: string): FromAuthor {
  if (value.toLowerCase() === "me") return { me: true };
  const parts = HANDLE.exec(value);
  if (!parts) throw invalidArgument(`from: needs a handle as user or user@domain, not "${value}"`);
  const domain = parts[2] && (parts[3] ? `${parts[2]}:${parts[3]}` : parts[2]);
  return { username: parts[1]!, domain: domain?.toLowerCase() };
}

function oneOf<T extends string>(operator: string, allowed: readonly T[], value: string): T {
  const lower = value.toLowerCase();
  if (!(allowed as readonly string[]).includes(lower)) throw invalidArgument(`${operator}: takes ${allowed.join(", ")}, not "${value}"`);
  return lower as T;
}

function applyOperator(query: SearchQuery, operator: Operator, value: string): void {
  if (value === "") throw invalidArgument(`${operator}: needs a value`);
  const once = (present: unknown) => {
    if (present !== undefined) throw invalidArgument(`${operator}: may appear only once`);
  };
  switch (operator) {
    case "from":
      once(query.from);
      query.from = parseFrom(value);
      return;
    case "has":
      query.has = [...new Set([...query.has, oneOf(operator, HAS_VALUES, value)])];
      return;
    case "is":
      query.is = [...new Set([...query.is, oneOf(operator, IS_VALUES, value)])];
      return;
    case "language":
      once(query.language);
      if (!/^[a-z]{2,3}$/i.test(value)) throw invalidArgument(`language: needs an ISO 639 code such as "en", not "${value}"`);
      query.language = value.toLowerCase();
      return;
    case "before":
      once(query.before);
      query.before = parseDate(operator, value);
      return;
    case "after":
      once(query.after);
      query.after = new Date(parseDate(operator, value).getTime() + DAY_MS);
      return;
  }
}

/**
 * Parses a search query. Words with a colon that is not one of the operators (a URL, "10:30") are
 * plain words, as in Mastodon; a known operator with a bad value is an error.
 */
export function parseSearchQuery(q: string): SearchQuery {
  const query: SearchQuery = { terms: [], phrases: [], has: [], is: [] };
  for (const token of tokenize(q)) {
    if (token.quoted) {
      const phrase = token.text.trim().toLowerCase();
      if (phrase !== "") query.phrases.push(phrase);
      continue;
    }
    const colon = token.text.indexOf(":");
    const name = colon > 0 ? token.text.slice(0, colon).toLowerCase() : "";
    if (isOperator(name)) applyOperator(query, name, token.text.slice(colon + 1));
    else query.terms.push(token.text.toLowerCase());
  }
  if (query.before && query.after && query.after.getTime() >= query.before.getTime()) throw invalidArgument("after: must name a day before before:");
  return query;
}

/** Whether the query says anything about statuses beyond who wrote them (words or phrases). */
export const hasText = (query: SearchQuery): boolean => query.terms.length > 0 || query.phrases.length > 0;
