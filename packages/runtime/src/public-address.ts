import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Whether an IP address is on the public Internet: global unicast only. Loopback, private
 * (RFC 1918, unique local), link-local, carrier-grade NAT, multicast, broadcast, unspecified,
 * documentation/benchmarking and reserved ranges are not, and neither are IPv6 forms that embed an
 * IPv4 address (mapped ones are judged by the IPv4 address they carry; 6to4, Teredo and NAT64 are
 * refused outright, since they can tunnel to anything). Non-addresses are not public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address.replace(/^\[|\]$/g, ""));
  return parsed.range() === "unicast";
}

/** Which non-public addresses may be reached anyway: none (false), all (true), or those a predicate accepts. */
export type PrivateAddressPolicy = boolean | ((address: string) => boolean);

/** Whether an address may be connected to: public ones always, others as the policy says. */
export function isAllowedAddress(address: string, allowPrivate: PrivateAddressPolicy = false): boolean {
  if (isPublicAddress(address)) return true;
  return typeof allowPrivate === "function" ? allowPrivate(address) : allowPrivate;
}

/** Thrown when a host name resolves to (or is) an address outside the public Internet. */
export class PrivateAddressError extends Error {
  /** The host that was refused. */
  readonly host: string;
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = "PrivateAddressError";
    this.host = host;
  }
}

/**
 * A `lookup` for node:http(s) requests that resolves the host and fails with
 * {@link PrivateAddressError} when any of its addresses is not public (and not allowed by the policy). The socket then connects
 * to exactly the addresses that were checked, so a second, different DNS answer (rebinding)
 * cannot slip a private address in between check and connect.
 */
export function publicOnlyLookup(allowPrivate: PrivateAddressPolicy = false): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", undefined);
      const refused = addresses.find((a) => !isAllowedAddress(a.address, allowPrivate));
      if (refused) return callback(new PrivateAddressError(hostname, refused.address), "", undefined);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", undefined);
      callback(null, first.address, first.family);
    });
  };
}
