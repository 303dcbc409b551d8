import ipaddr from "ipaddr.js";

/**
 * An IP block's range in `address/prefix` form with the host bits cleared, or undefined when the
 * text is neither an address nor a CIDR range. A bare IPv4 address is its /32; a bare IPv6 address
 * is its /64, because one customer's network usually gets a whole /64 and a single IPv6 address
 * would be dodged by moving to the next one.
 */
export function parseIpRange(text: string): string | undefined {
  const trimmed = text.trim();
  try {
    if (trimmed.includes("/")) {
      const [address, prefix] = ipaddr.parseCIDR(trimmed);
      return networkOf(unmapped(address), address.kind() === "ipv6" && unmapped(address).kind() === "ipv4" ? prefix - 96 : prefix);
    }
    if (!ipaddr.isValid(trimmed)) return undefined;
    const address = ipaddr.process(trimmed);
    return networkOf(address, address.kind() === "ipv4" ? 32 : 64);
  } catch {
    return undefined;
  }
}

/** Whether a client address (as the gateway reads it, IPv4-mapped IPv6 included) falls in a range from {@link parseIpRange}. */
export function ipInRange(address: string, range: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const client = ipaddr.process(address);
  const [network, prefix] = ipaddr.parseCIDR(range);
  return client.kind() === network.kind() && client.match(network, prefix);
}

function unmapped(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

function networkOf(address: ipaddr.IPv4 | ipaddr.IPv6, prefix: number): string | undefined {
  const bits = address.kind() === "ipv4" ? 32 : 128;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) return undefined;
  const bytes = address.toByteArray();
  for (let bit = prefix; bit < bits; bit++) bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${prefix}`;
}
