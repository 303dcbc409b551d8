import { Resolver } from "node:dns/promises";

/** Where mail for a domain goes: its MX hosts, and the addresses of those hosts and of the domain. */
export interface MailHosts {
  hosts: string[];
  addresses: string[];
}

/** Looks up a domain's mail servers. */
export type MailHostLookup = (domain: string) => Promise<MailHosts>;

// A name that does not exist, or has no record of the type, answers nothing; so does a server that
// fails, as Mastodon's resolver reads a failed lookup as no records.
const none = () => [] as string[];

/**
 * A lookup through node:dns on the given servers (the system's when none): the domain's MX hosts,
 * then the A and AAAA records of the domain and of each MX host, as Mastodon's EmailMxValidator
 * resolves them.
 */
export function mailHostLookup(options: { servers?: readonly string[] | undefined; timeoutMs: number }): MailHostLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
  if (options.servers?.length) resolver.setServers([...options.servers]);
  return async (domain) => {
    const hosts = (await resolver.resolveMx(domain).catch(() => [])).map((mx) => mx.exchange.toLowerCase()).filter(Boolean);
    const names = [...new Set([domain.toLowerCase(), ...hosts])];
    const found = await Promise.all(names.flatMap((name) => [resolver.resolve4(name).catch(none), resolver.resolve6(name).catch(none)]));
    return { hosts, addresses: [...new Set(found.flat())] };
  };
}
