import type { FileMeta, MediaFilesMeta } from "../domain/media-attachment.ts";
import type { MediaTools } from "./media-tools.ts";

/** A file processing wrote to the work folder, to be stored. */
export interface OutputFile {
  path: string;
  extension: string;
}

/** What processing an upload produced. */
export interface ProcessedMedia {
  original: OutputFile;
  small: OutputFile | null;
  meta: MediaFilesMeta;
  blurhash: string | null;
}

/** Settings every processor gets. */
export interface ProcessOptions {
  /** Folder for output files (same filesystem as the storage, so storing is a rename). */
  workDir: string;
  /** Unique stem for output file names in `workDir`. */
  stem: string;
  tools: MediaTools;
}

/** A processed supplied thumbnail. */
export interface ProcessedThumbnail {
  file: OutputFile;
  meta: FileMeta;
  blurhash: string;
}
