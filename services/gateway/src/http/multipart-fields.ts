import busboy from "busboy";
import type { NextFunction, Request, Response } from "express";

/** Adds one multipart text field to `body`: `name[]` fields gather into an array under `name`, others replace. */
export function addField(body: Record<string, string | string[]>, name: string, value: string): void {
  const key = name.endsWith("[]") ? name.slice(0, -2) : name;
  const existing = Object.hasOwn(body, key) ? body[key] : undefined;
  if (name.endsWith("[]")) body[key] = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), value];
  else body[key] = value;
}

/**
 * Reads multipart/form-data text fields into req.body (masto.js and browsers send OAuth and
 * status forms this way). Files are refused here: uploads go to the media routes, which stream
 * them to the media service instead of buffering.
 */
export function multipartFields(limits: { fields: number; fieldSize: number }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.is("multipart/form-data")) return next();
    // No prototype: a field named __proto__ or constructor is just a field.
    const body: Record<string, string | string[]> = Object.create(null);
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { ...limits, files: 0 } });
    } catch {
      res.status(400).json({ error: "Malformed multipart body" });
      return;
    }
    // A part without a name (busboy gives undefined) names no parameter: skipped, as Rack does.
    parser.on("field", (name, value) => name && addField(body, name, value));
    parser.on("filesLimit", () => {
      if (!res.headersSent) res.status(422).json({ error: "Files are not accepted here" });
    });
    parser.on("error", () => {
      if (!res.headersSent) res.status(400).json({ error: "Malformed multipart body" });
    });
    parser.on("close", () => {
      if (res.headersSent) return;
      req.body = body;
      next();
    });
    req.pipe(parser);
  };
}
