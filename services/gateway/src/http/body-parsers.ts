import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import express from "express";

/** Deepest nesting of arrays and objects a JSON body may have; Mastodon's bodies nest 3 levels. */
export const MAX_JSON_DEPTH = 32;

/** Largest JSON or form body (multipart uploads have their own limits per route). */
const BODY_LIMIT = "1mb";

/** A body-parser failure that the app's error handler answers with this status as JSON. */
class BodyError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * How deep a JSON text nests, counted on the raw bytes before parsing, so a 50,000-deep array is
 * refused without ever building it (code that walks parsed values recursively would overflow).
 */
export function jsonDepth(body: Buffer): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c) i++; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return deepest;
}

function checkUtf8(_req: IncomingMessage, _res: unknown, body: Buffer): void {
  // Without this the parser would quietly turn bad bytes into U+FFFD.
  if (!isUtf8(body)) throw new BodyError(400, "The body is not valid UTF-8");
}

function checkJson(req: IncomingMessage, res: unknown, body: Buffer): void {
  checkUtf8(req, res, body);
  if (jsonDepth(body) > MAX_JSON_DEPTH) throw new BodyError(400, `JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
}

/**
 * The JSON and form parsers every route uses: bodies up to 1 MB (413 beyond), valid UTF-8, JSON
 * nested at most MAX_JSON_DEPTH deep (400 beyond). Forms nest 5 deep at most (qs's default).
 */
export const bodyParsers = [
  express.json({ limit: BODY_LIMIT, type: ["application/json", "application/*+json"], verify: checkJson }),
  express.urlencoded({ extended: true, limit: BODY_LIMIT, verify: checkUtf8 }),
];
