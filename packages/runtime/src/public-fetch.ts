import { createWriteStream } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { isAllowedAddress, PrivateAddressError, publicOnlyLookup, type PrivateAddressPolicy } from "./public-address.ts";

/** Options of {@link publicFetch}. */
export interface PublicFetchOptions {
  /** Reach loopback and private addresses anyway: all (true; tests on 127.0.0.1), or those a predicate accepts (default none). */
  allowPrivate?: PrivateAddressPolicy;
  /** URL schemes allowed on the first request and every redirect (default http: and https:). */
  protocols?: readonly string[];
  /** Deadline for the whole fetch, redirects included, in milliseconds (default 10 000). */
  timeoutMs?: number;
  /** Body bytes kept; the rest is not read and `truncated` is set (default 1 MiB, Mastodon's cap). */
  maxBytes?: number;
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
  /** Request headers, e.g. Accept and User-Agent. */
  headers?: Record<string, string>;
  /** GET (default) or POST with `body`. A POST's redirect is not followed: it is the answer. */
  method?: "GET" | "POST";
  /** Request body of a POST. */
  body?: Uint8Array;
  /**
   * Writes the final answer's body (up to `maxBytes`) to this file instead of memory, for large
   * downloads (remote media); `body` is then empty and `size` says how much was written.
   */
  toFile?: string;
}

/** What {@link publicFetch} got back. */
export interface PublicFetchResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: IncomingMessage["headers"];
  /** At most `maxBytes` of the body; empty when it went to `toFile`. */
  body: Buffer;
  /** Body bytes kept (in `body`, or written to `toFile`). */
  size: number;
  /** True when the body was longer than `maxBytes` and was cut. */
  truncated: boolean;
}

/** Why a fetch was refused or failed before an answer came. */
export type PublicFetchFailure = "bad_url" | "protocol" | "private_address" | "too_many_redirects" | "timeout" | "network";

/** A refused or failed {@link publicFetch}, with a machine-readable reason. */
export class PublicFetchError extends Error {
  readonly reason: PublicFetchFailure;
  constructor(reason: PublicFetchFailure, message: string) {
    super(message);
    this.name = "PublicFetchError";
    this.reason = reason;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs a URL on the public Internet, for anything the server fetches on a user's behalf (rel=me
 * checks, preview cards, remote actors and media), or POSTs to one (ActivityPub deliveries).
 * Every hop is checked: the scheme must be allowed and the host must resolve only to public
 * addresses (the connection goes to the checked address), unless `allowPrivate` is set. Redirects are followed up to `maxRedirects`, the whole
 * exchange is bounded by `timeoutMs`, and the body is cut at `maxBytes`. Error statuses are
 * answers, not failures: callers look at `status`.
 */
export async function publicFetch(url: string, options: PublicFetchOptions = {}): Promise<PublicFetchResponse> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const maxRedirects = options.maxRedirects ?? 5;
  let current = url;
  for (let hop = 0; ; hop++) {
    const target = checkUrl(current, options);
    const response = await fetchOnce(target, options, deadline);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location || options.method === "POST") return response;
    if (hop >= maxRedirects) throw new PublicFetchError("too_many_redirects", `more than ${maxRedirects} redirects from ${url}`);
    current = new URL(location, target).toString();
  }
}

function checkUrl(url: string, options: PublicFetchOptions): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PublicFetchError("bad_url", `not a URL: ${url}`);
  }
  if (!(options.protocols ?? ["http:", "https:"]).includes(parsed.protocol)) throw new PublicFetchError("protocol", `${parsed.protocol} URLs are not fetched`);
  if (parsed.username || parsed.password) throw new PublicFetchError("bad_url", "URLs with credentials are not fetched");
  // Literal addresses never reach the DNS lookup, so they are judged here.
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !isAllowedAddress(host, options.allowPrivate)) throw new PublicFetchError("private_address", `${host} is not a public address`);
  return parsed;
}

function fetchOnce(url: URL, options: PublicFetchOptions, deadline: number): Promise<PublicFetchResponse> {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new PublicFetchError("timeout", `timed out fetching ${url}`));
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(url, {
      method: options.method ?? "GET",
      headers: { "accept-encoding": "identity", "user-agent": "Starling", ...options.headers },
      lookup: publicOnlyLookup(options.allowPrivate),
    });
    const timer = setTimeout(() => req.destroy(new PublicFetchError("timeout", `timed out fetching ${url}`)), remaining);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(toFetchError(error, url));
    };
    req.on("error", fail);
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      // A redirect's body is never the download: only the final answer goes to the file.
      const sink = options.toFile && !(REDIRECTS.has(status) && res.headers.location) ? createWriteStream(options.toFile) : undefined;
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        const answer = () => {
          clearTimeout(timer);
          resolve({ url: url.toString(), status, headers: res.headers, body: Buffer.concat(chunks), size, truncated });
        };
        if (sink) sink.end(answer);
        else answer();
      };
      const keep = (chunk: Buffer) => {
        if (!sink) return void chunks.push(chunk);
        // Backpressure: a slow disk pauses the download instead of filling memory.
        if (!sink.write(chunk)) {
          res.pause();
          sink.once("drain", () => res.resume());
        }
      };
      sink?.on("error", (error) => {
        res.destroy();
        fail(error);
      });
      res.on("data", (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - size;
        if (chunk.length > room) {
          keep(chunk.subarray(0, room));
          truncated = true;
          size = maxBytes;
          // Stop reading: the rest of an oversized body is never downloaded.
          res.destroy();
          finish();
          return;
        }
        keep(chunk);
        size += chunk.length;
      });
      res.on("end", finish);
      res.on("error", (error) => {
        if (truncated) return;
        sink?.destroy();
        fail(error);
      });
    });
    req.end(options.body);
  });
}

function toFetchError(error: Error, url: URL): PublicFetchError {
  if (error instanceof PublicFetchError) return error;
  if (error instanceof PrivateAddressError) return new PublicFetchError("private_address", error.message);
  return new PublicFetchError("network", `fetching ${url} failed: ${error.message}`);
}
