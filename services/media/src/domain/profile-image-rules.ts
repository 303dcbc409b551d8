// Mastodon 4.0's rules for account avatars and headers (AccountAvatar, AccountHeader), as data.

/** Which profile image an upload is. */
export type ProfileImagePurpose = "avatar" | "header";

/** How an image is brought to its stored size. */
export type ProfileGeometry =
  /** Scaled and cropped to exactly width × height, around the centre (ImageMagick's `400x400#`). */
  | { fit: "cover"; width: number; height: number }
  /** Scaled down, keeping the aspect, to at most this many pixels (never up). */
  | { fit: "pixels"; pixels: number };

/** What each purpose accepts and how it is stored. */
export interface ProfileImageRule {
  /** The attribute name Mastodon's validation messages start with. */
  label: string;
  geometry: ProfileGeometry;
  /** Folder of the storage keys, after Mastodon's Paperclip layout (accounts/avatars/…). */
  folder: string;
}

export const PROFILE_IMAGE_RULES: Record<ProfileImagePurpose, ProfileImageRule> = {
  avatar: { label: "Avatar", geometry: { fit: "cover", width: 400, height: 400 }, folder: "avatars" },
  // 1500x500 in area: a wider or taller header keeps its shape.
  header: { label: "Header", geometry: { fit: "pixels", pixels: 750_000 }, folder: "headers" },
};

/** Largest avatar or header upload in bytes (Mastodon: 2 MB each). */
export const PROFILE_IMAGE_BYTES = 2 * 1024 * 1024;

/** Content types accepted for avatars and headers, as file-type names them. */
const PROFILE_IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/** Whether a detected content type may be an avatar or header. */
export function isProfileImageType(contentType: string): boolean {
  return PROFILE_IMAGE_TYPES.has(contentType);
}
