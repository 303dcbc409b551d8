import ipaddr from "ipaddr.js";
import { BoundedMap } from "./bounded-map.ts";

/**
 * The address rate limits count a client by: IPv4 as is, IPv6 masked to its /64 (one customer's
 * network usually gets a whole /64, so per-address limits on IPv6 would be trivially dodged), and
 * IPv4-mapped IPv6 (`::ffff:1.2.3.4`, as Node reports IPv4 on dual-stack sockets) as plain IPv4.
 * Returns the input unchanged when it is not an IP address.
 */
export function throttleableAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.fromByteArray([...parts.flatMap((p) => [p >> 8, p & 0xff]), ...new Array(8).fill(0)]).toString()}/64`;
}

// Canonical forms of addresses seen lately: a request asks for its client's several times (IP
// blocks, limits, the route), and parsing with ipaddr.js was 1-2 % of a home-timeline read.
const canonical = new BoundedMap<string, string>(10_000);

/** An address in its canonical text form, IPv4-mapped IPv6 as IPv4; non-addresses unchanged. */
export function canonicalAddress(address: string): string {
  let form = canonical.get(address);
  if (form === undefined) {
    form = ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
    canonical.set(address, form);
  }
  return form;
}
