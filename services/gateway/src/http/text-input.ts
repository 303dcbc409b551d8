import type { NextFunction, Request, Response } from "express";

/**
 * Why a string cannot be stored as text: PostgreSQL refuses NUL in text columns (a 500 if it got
 * that far), and a lone UTF-16 surrogate is not Unicode text at all. Undefined when it is fine.
 */
function textProblem(value: string): string | undefined {
  if (value.includes("\u0000")) return "must not contain NUL characters";
  if (!value.isWellFormed()) return "must be valid UTF-8 text";
  return undefined;
}

/**
 * The first string (key or value) in a parsed query, body or path that cannot be stored as text,
 * as "field message". Walks with its own stack, so no nesting can overflow the call stack.
 */
export function malformedText(input: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: "" }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) return `${path || "value"} ${problem}`;
    } else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const name = path ? `${path}.${key}` : key;
        const keyProblem = textProblem(key);
        if (keyProblem) return `parameter name ${keyProblem}`;
        stack.push({ value: child, path: name });
      }
    }
  }
  return undefined;
}

/**
 * Refuses (422) a request whose query or parsed body carries text that cannot be stored, before any
 * route or page sees it. Refused rather than stripped: the client learns its text was not stored as sent.
 */
export function refuseMalformedText(req: Request, res: Response, next: NextFunction): void {
  const problem = malformedText(req.query) ?? malformedText(req.body);
  if (!problem) return next();
  // RFC 6749 §5.2: the OAuth endpoints answer a malformed request with 400 invalid_request.
  if (req.path.startsWith("/oauth/")) res.status(400).json({ error: "invalid_request", error_description: problem });
  else res.status(422).json({ error: `Validation failed: ${problem}` });
}
