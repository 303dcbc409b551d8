import { invalidArgument, normalizeDomain } from "@starling/runtime";

/** The severities of a domain block, weakest first. */
export const DOMAIN_BLOCK_SEVERITIES = ["noop", "silence", "suspend"] as const;
/** The severities of an IP block, weakest first. */
export const IP_BLOCK_SEVERITIES = ["sign_up_requires_approval", "sign_up_block", "no_access"] as const;

/** A domain as blocks store it, or INVALID_ARGUMENT (422) naming what was wrong. */
export function domainInput(value: string): string {
  if (value.trim() === "") throw invalidArgument("Validation failed: Domain can't be blank");
  const domain = normalizeDomain(value);
  if (!domain) throw invalidArgument("Validation failed: Domain is not a valid domain name");
  return domain;
}

/** One of `allowed`, or INVALID_ARGUMENT naming the field. */
export function choiceInput<T extends string>(field: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw invalidArgument(`Validation failed: ${field} is not included in the list`);
  return value as T;
}

/** Optional text: absent and blank are none. */
export const optionalText = (value: string | undefined): string | null => (value === undefined || value.trim() === "" ? null : value.trim());
