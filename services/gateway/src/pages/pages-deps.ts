import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Request } from "express";
import type { Logger } from "@starling/runtime";
import type { Clients } from "../clients/gateway-clients.ts";
import type { SessionCookies } from "./session.ts";

/** What the page handlers share. */
export interface PagesDeps {
  clients: Clients;
  sessions: SessionCookies;
  /** Signs the signed-in account as the viewer of calls made for the web session. */
  signViewer: (accountId: string) => Promise<string>;
  logger: Logger;
}

/** A string field from the query or the posted form (form first); anything else counts as absent. */
export function field(req: Request, name: string): string {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const value = body[name] ?? (req.query as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
}

/**
 * A form value as a contract's optional value: absent when blank, as a form posts a blank for a
 * field left alone (and Doorkeeper counts a blank parameter as missing).
 */
export const given = (value: string): string | undefined => (value.trim() === "" ? undefined : value);

/** A field for a contract's optional value: absent when not sent or left blank. */
export const givenField = (req: Request, name: string): string | undefined => given(field(req, name));

/** An OAuth failure from a service ("code: description"), or undefined for other failures. */
export function oauthError(error: unknown): { code: string; description: string; grpcCode: number } | undefined {
  const { code, details } = (error ?? {}) as { code?: unknown; details?: unknown };
  if (code !== GrpcStatus.INVALID_ARGUMENT && code !== GrpcStatus.UNAUTHENTICATED && code !== GrpcStatus.PERMISSION_DENIED) return undefined;
  if (typeof details !== "string") return undefined;
  const match = /^([a-z_]+): (.*)$/s.exec(details);
  return match ? { code: match[1]!, description: match[2]!, grpcCode: code } : { code: "", description: details, grpcCode: code };
}
