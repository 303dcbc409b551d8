/**
 * Starling's own version, the one place it is written: NodeInfo's software version, the version
 * inside the instance's Mastodon version string, and the admin dashboard's software versions.
 */
export const STARLING_VERSION = "0.1.0";
