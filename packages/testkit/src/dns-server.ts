import dns2 from "dns2";

const { Packet } = dns2;

/** A running test DNS server: its address for EMAIL_DNS_SERVERS, the zone it answers, the names asked, and stop. */
export interface TestDnsServer {
  /** `127.0.0.1:port`. */
  address: string;
  /** MX host of a domain (one each), by lower-case name; tests add entries while it runs. */
  mx: Map<string, string>;
  /** IPv4 address of a name, by lower-case name. */
  a: Map<string, string>;
  /** Every name asked, in order. */
  asked: string[];
  stop(): Promise<void>;
}

/**
 * A real DNS server (the dns2 package) on 127.0.0.1 over UDP answering MX and A questions from its
 * maps; any other name or type gets an empty answer, as a name without such records does.
 */
export async function startDnsServer(): Promise<TestDnsServer> {
  const mx = new Map<string, string>();
  const a = new Map<string, string>();
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        asked.push(question.name);
        const name = question.name.toLowerCase();
        const exchange = question.type === Packet.TYPE.MX ? mx.get(name) : undefined;
        const address = question.type === Packet.TYPE.A ? a.get(name) : undefined;
        if (exchange) response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, exchange, priority: 10 }));
        if (address) response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, address }));
      }
      send(response);
    },
  });
  const listening = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  return { address: `127.0.0.1:${listening.udp!.port}`, mx, a, asked, stop: () => server.close() };
}
