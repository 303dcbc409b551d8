import { crc32, deflateSync } from "node:zlib";
import type { Request, Response } from "express";

/**
 * A PNG of one flat colour, encoded by hand (the gateway has no image library): signature, IHDR
 * (8-bit RGB), one IDAT of unfiltered rows, IEND.
 */
export function flatPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

// Where Mastodon serves the images of accounts that have none (its public/ folder); the Account
// presenter links here. Flat colours of our own, at the sizes real avatars and headers have.
const MISSING: Record<string, Buffer> = {
  "/avatars/original/missing.png": flatPng(400, 400, [0xd9, 0xe1, 0xe8]),
  "/headers/original/missing.png": flatPng(1500, 500, [0xd9, 0xe1, 0xe8]),
};

/** Serves the missing avatar and header images; anything else falls through. */
export function missingImages(req: Request, res: Response, next: () => void): void {
  const image = (req.method === "GET" || req.method === "HEAD") && MISSING[req.path];
  if (!image) return next();
  res.set({ "content-type": "image/png", "cache-control": "public, max-age=86400" }).send(image);
}
