import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, extname, join } from "node:path";
import { promisify } from "node:util";

/** One image file to import, named as its shortcode will be (before prefix and suffix). */
export interface EmojiSource {
  /** The file name as the operator sees it, for the report lines. */
  label: string;
  /** The name without its extension. */
  name: string;
  path: string;
}

const IMAGE_EXTENSIONS = new Set([".png", ".gif"]);
const isArchive = (path: string) => /\.(tar\.gz|tgz)$/i.test(path);

async function imagesIn(dir: string): Promise<EmojiSource[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && IMAGE_EXTENSIONS.has(extname(e.name).toLowerCase()))
    .map((e) => ({ label: e.name, name: basename(e.name, extname(e.name)), path: join(e.parentPath, e.name) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The .png and .gif files of PATH, as tootctl's `emoji import` takes them: a single image, a folder
 * of them (sub-folders too), or a .tar.gz unpacked with the system `tar` into a scratch folder that
 * `cleanup` removes. Other files are left out: the content is checked by the media service anyway.
 */
export async function emojiSources(path: string): Promise<{ sources: EmojiSource[]; cleanup: () => Promise<void> }> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new Error(`${path}: no such file or folder`);
  if (info.isDirectory()) return { sources: await imagesIn(path), cleanup: async () => {} };
  if (isArchive(path)) {
    const dir = await mkdtemp(join(tmpdir(), "starling-emoji-"));
    const cleanup = () => rm(dir, { recursive: true, force: true });
    try {
      // --no-same-owner/permissions: never take ownership or modes from the archive.
      await promisify(execFile)("tar", ["-xzf", path, "-C", dir, "--no-same-owner", "--no-same-permissions"]);
      return { sources: await imagesIn(dir), cleanup };
    } catch (error) {
      await cleanup();
      throw new Error(`${path}: could not be unpacked (${(error as Error).message.split("\n")[0]})`);
    }
  }
  if (!IMAGE_EXTENSIONS.has(extname(path).toLowerCase())) throw new Error(`${path}: not a .png or .gif file, a folder or a .tar.gz`);
  return { sources: [{ label: basename(path), name: basename(path, extname(path)), path }], cleanup: async () => {} };
}
