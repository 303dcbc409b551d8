import { parseArgs } from "node:util";
import { mediaEnv, startMediaService } from "@starling/media";
import { MediaServiceClient, type RemoveRemoteMediaResponse } from "@starling/proto/media/v1/media";
import { connectService, OPERATOR_ROLE, signViewer } from "@starling/runtime";
import { reachServices } from "./reach-services.ts";

const USAGE = "usage: starling media remove-remote [--days N]";

// tootctl's default: copies of attachments older than a week.
const DEFAULT_DAYS = "7";

/** The summary line, as tootctl's "Removed N media attachments (approx. SIZE)": exact bytes, and MB for people. */
export function formatFreed(freed: RemoveRemoteMediaResponse): string {
  const mb = freed.bytes / (1024 * 1024);
  return `Removed ${freed.files} cached files of remote media, freeing ${freed.bytes} bytes (${mb.toFixed(1)} MB).`;
}

/** Parses `--days N`: a whole number; 0 drops every cached copy, as tootctl's `--days 0`. */
export function parseRemoveRemoteArgs(argv: string[]): { days: number } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { days: { type: "string", default: DEFAULT_DAYS } } });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const days = Number(values.days);
  if (positionals.length > 0 || !/^\d+$/.test(values.days) || !Number.isSafeInteger(days)) throw new Error(USAGE);
  return { days };
}

/**
 * `starling media remove-remote --days N`, as `tootctl media remove`: drops the cached copies of
 * remote attachments created more than N days ago (default 7; 0 for all). The attachments keep their rows and
 * remote URLs and show the remote file again; a post seen again is cached again. Reaches the media
 * service as other commands do: MEDIA_GRPC_URL, else the running embedded server, else a copy
 * started here without workers, on the same storage settings.
 */
export async function mediaRemoveRemoteCommand(argv: string[]): Promise<void> {
  const { days } = parseRemoveRemoteArgs(argv);
  const reached = await reachServices({
    media: {
      addressSetting: "MEDIA_GRPC_URL",
      startHere: (env, context, infra) => startMediaService(mediaEnv.parse(env), context, infra, { relay: false, workers: false }),
    },
  });
  // A large cache takes a while to walk; the call is not cut short.
  const client = connectService(MediaServiceClient, reached.addresses.media, { deadlineMs: 60 * 60_000 });
  try {
    const viewerToken = await signViewer(reached.secret, { role: OPERATOR_ROLE, scopes: ["admin:write"] });
    console.log(formatFreed(await client.removeRemoteMedia({ days }, { viewerToken })));
  } finally {
    client.close();
    await reached.stop();
  }
}
