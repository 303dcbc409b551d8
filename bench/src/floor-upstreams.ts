/**
 * The floor's two upstreams, each a process of its own (the bench forks this file twice, without
 * tsx, naming which one in argv): a grpc-js server with the generated ts-proto codecs that does
 * per call only what the real service cannot skip, one Redis command through the services' own
 * store, and answers the message the real service answered for that page, held in memory.
 *
 * - timelines: GetHomeTimeline reads the reader's real feed (ZRANGE BYLEX REV LIMIT, as the
 *   timelines service reads a page) and answers its ids;
 * - statuses: GetStatusPage MGETs the page's cached rows (as the statuses service reads them) and
 *   answers the StatusPage, which grpc-js encodes with ts-proto's code on every call.
 */
import { Server, ServerCredentials, type sendUnaryData, type ServerUnaryCall, type UntypedServiceImplementation } from "@grpc/grpc-js";
import { createRedisStore } from "@starling/kv";
import { StatusesServiceService, StatusPage, type GetStatusPageRequest } from "@starling/proto/statuses/v1/statuses";
import { TimelinesServiceService, type GetHomeTimelineRequest, type TimelinePage } from "@starling/proto/timelines/v1/timelines";
import { serveForked } from "./forked-server.ts";

/** What the bench sends each upstream. */
export interface FloorUpstreamSetup {
  redisUrl: string;
  redisKeyPrefix: string;
  /** timelines: the reader's account id, whose feed `feed:home:<id>` it reads. */
  accountId: string;
  /** statuses: the StatusPage the real statuses service answered for the page, ts-proto-encoded, base64. */
  statusPage: string;
}

// As the timelines service: the page size the bench reads, and members zero-padded to 20 digits (domain/feed-range.ts).
const PAGE_SIZE = 20;

serveForked<FloorUpstreamSetup>(async (setup) => {
  const kv = createRedisStore({ url: setup.redisUrl, keyPrefix: setup.redisKeyPrefix });
  const server = new Server();
  if (process.argv[2] === "timelines") {
    const feedKey = `feed:home:${setup.accountId}`;
    server.addService(TimelinesServiceService, {
      getHomeTimeline(_call: ServerUnaryCall<GetHomeTimelineRequest, TimelinePage>, callback: sendUnaryData<TimelinePage>) {
        kv.zrangeByLex(feedKey, { order: "desc", count: PAGE_SIZE }).then(
          (members) => callback(null, { statusIds: members.map((member) => BigInt(member).toString()) }),
          (error: Error) => callback(error),
        );
      },
    } as UntypedServiceImplementation);
  } else {
    const page = StatusPage.decode(Buffer.from(setup.statusPage, "base64"));
    server.addService(StatusesServiceService, {
      getStatusPage(call: ServerUnaryCall<GetStatusPageRequest, StatusPage>, callback: sendUnaryData<StatusPage>) {
        kv.getMany(call.request.ids.map((id) => `statuses:row:${id}`)).then(
          () => callback(null, page),
          (error: Error) => callback(error),
        );
      },
    } as UntypedServiceImplementation);
  }
  return new Promise<number>((resolve, reject) => server.bindAsync("127.0.0.1:0", ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))));
});
