import { createReadStream } from "node:fs";
import { parseArgs } from "node:util";
import { mediaEnv, startMediaService } from "@starling/media";
import { MediaPartKind, MediaServiceClient } from "@starling/proto/media/v1/media";
import { CustomEmojisServiceClient } from "@starling/proto/statuses/v1/custom_emojis";
import { connectService, OPERATOR_ROLE, signViewer, type AsyncClient } from "@starling/runtime";
import { SHORTCODE_PATTERN, startStatusesService, statusesEnv } from "@starling/statuses";
import { emojiSources, type EmojiSource } from "./emoji-sources.ts";
import { reachServices } from "./reach-services.ts";

const USAGE = "usage: starling emoji import PATH [--category NAME] [--prefix P] [--suffix S] [--overwrite] [--unlisted]";
const ALREADY_EXISTS = 6;

/** What one import run was asked. */
interface ImportOptions {
  category?: string | undefined;
  prefix: string;
  suffix: string;
  overwrite: boolean;
  unlisted: boolean;
}

/** The clients one import talks through, with the Owner's signed viewer. */
interface ImportClients {
  media: AsyncClient<MediaServiceClient>;
  emojis: AsyncClient<CustomEmojisServiceClient>;
  viewerToken: string;
}

type Outcome = "imported" | "skipped" | "refused";

/**
 * `starling emoji import PATH`, like tootctl's: imports .png/.gif files (one, a folder, or a .tar.gz)
 * as local custom emojis named after the files. The media service stores each image; the statuses
 * service registers it. Prints one line per file and a summary; fails (exit 1) when any file was refused.
 */
export async function emojiImportCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      category: { type: "string" },
      prefix: { type: "string", default: "" },
      suffix: { type: "string", default: "" },
      overwrite: { type: "boolean", default: false },
      unlisted: { type: "boolean", default: false },
    },
  });
  const path = positionals[0];
  if (!path || positionals.length > 1) throw new Error(USAGE);
  const { sources, cleanup } = await emojiSources(path);
  const reached = await reachServices({
    statuses: {
      addressSetting: "STATUSES_GRPC_URL",
      startHere: (env, context, infra) => startStatusesService(statusesEnv.parse(env), context, infra, { relay: false }),
    },
    media: {
      addressSetting: "MEDIA_GRPC_URL",
      startHere: (env, context, infra) => startMediaService(mediaEnv.parse(env), context, infra, { relay: false, workers: false }),
    },
  });
  const media = connectService(MediaServiceClient, reached.addresses.media, { deadlineMs: 30_000 });
  const emojis = connectService(CustomEmojisServiceClient, reached.addresses.statuses, { deadlineMs: 15_000 });
  const counts: Record<Outcome, number> = { imported: 0, skipped: 0, refused: 0 };
  try {
    const clients = { media, emojis, viewerToken: await signViewer(reached.secret, { role: OPERATOR_ROLE, scopes: ["admin:write"] }) };
    for (const source of sources) counts[await importOne(clients, source, values as ImportOptions)] += 1;
    console.log(`Imported ${counts.imported}, skipped ${counts.skipped}, refused ${counts.refused}`);
  } finally {
    media.close();
    emojis.close();
    await reached.stop();
    await cleanup();
  }
  if (counts.refused > 0) throw new Error(`${counts.refused} of ${sources.length} files refused`);
}

/** Imports one file, printing what became of it. Refusals never store anything. */
async function importOne(clients: ImportClients, source: EmojiSource, options: ImportOptions): Promise<Outcome> {
  const shortcode = `${options.prefix}${source.name}${options.suffix}`;
  if (!SHORTCODE_PATTERN.test(shortcode)) {
    console.log(`refused ${source.label}: shortcode "${shortcode}" must be at least 2 letters, digits or underscores`);
    return "refused";
  }
  const { emojis: existing } = await clients.emojis.getCustomEmojis({ shortcodes: [shortcode], refs: [] });
  if (existing.length > 0 && !options.overwrite) return skipped(shortcode);
  try {
    const image = await storeImage(clients, source);
    const request = { shortcode, ...image, category: options.category, visibleInPicker: !options.unlisted, overwrite: options.overwrite };
    const { created } = await clients.emojis.createCustomEmoji(request, { viewerToken: clients.viewerToken });
    console.log(`${created ? "imported" : "imported (overwrote)"} :${shortcode}:`);
    return "imported";
  } catch (error) {
    const { code, details } = error as { code?: number; details?: string };
    // Taken meanwhile, or taken in another case (`:Blob:` for `:blob:`).
    if (code === ALREADY_EXISTS) return skipped(shortcode);
    if (details === undefined) throw error;
    console.log(`refused ${source.label}: ${details.replace(/^Validation failed: /, "")}`);
    return "refused";
  }
}

function skipped(shortcode: string): Outcome {
  console.log(`skipped :${shortcode}: (exists)`);
  return "skipped";
}

/** Streams the file to the media service in 64 KiB chunks; answers the image's public URLs. */
async function storeImage(clients: ImportClients, source: EmojiSource): Promise<{ url: string; staticUrl: string }> {
  const call = clients.media.storeEmojiImage({ viewerToken: clients.viewerToken });
  try {
    await call.write({ part: { kind: MediaPartKind.MEDIA_PART_KIND_FILE, fileName: source.label, contentType: "" } });
    for await (const chunk of createReadStream(source.path, { highWaterMark: 64 * 1024 })) await call.write({ chunk: chunk as Buffer });
    return await call.end();
  } catch (error) {
    call.cancel();
    throw error;
  }
}
