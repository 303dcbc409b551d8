import type { MediaAttachment, MediaFileMeta, MediaMeta } from "@starling/proto/media/v1/media";

/**
 * Renders a Mastodon MediaAttachment (reference §4.6). `url` stays null until processing is done
 * (async v2 uploads); local uploads have no remote URLs and, without a shortcode, no text_url.
 */
export function presentMediaAttachment(media: MediaAttachment): Record<string, unknown> {
  return {
    id: media.id,
    type: media.type || "unknown",
    url: media.url ?? null,
    preview_url: media.previewUrl ?? null,
    remote_url: media.remoteUrl ?? null,
    preview_remote_url: media.previewRemoteUrl ?? null,
    text_url: null,
    meta: presentMeta(media.meta),
    description: media.description ?? null,
    blurhash: media.blurhash ?? null,
  };
}

/** Attachments in `ids` order from a batch answer; ids the media service did not return drop out. */
export function presentMediaList(ids: readonly string[], byId: ReadonlyMap<string, MediaAttachment>): Record<string, unknown>[] {
  return ids.flatMap((id) => {
    const media = byId.get(id);
    return media ? [presentMediaAttachment(media)] : [];
  });
}

function presentMeta(meta: MediaMeta | undefined): Record<string, unknown> | null {
  if (!meta) return null;
  const rendered: Record<string, unknown> = {};
  if (meta.original) rendered.original = presentFileMeta(meta.original);
  if (meta.small) rendered.small = presentFileMeta(meta.small);
  if (meta.focus) rendered.focus = { x: meta.focus.x, y: meta.focus.y };
  return Object.keys(rendered).length ? rendered : null;
}

// Only what was measured: images have no frame rate, audio has no size.
function presentFileMeta(file: MediaFileMeta): Record<string, unknown> {
  const entries = {
    width: file.width,
    height: file.height,
    size: file.size,
    aspect: file.aspect,
    frame_rate: file.frameRate,
    duration: file.duration,
    bitrate: file.bitrate,
  };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}
