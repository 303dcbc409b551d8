import type { UsageStats } from "@starling/proto/common/v1/page";
import type { Rule } from "@starling/proto/moderation/v1/rules";
import { presentRule } from "./rule.ts";
import type { GetRegistrationSettingsResponse as Registrations } from "@starling/proto/accounts/v1/registration";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { InstanceSettings } from "@starling/proto/moderation/v1/instance_settings";
import { presentAccount } from "./account.ts";
import { publicBaseUrl, STARLING_VERSION } from "@starling/runtime";
import type { GatewayConfig } from "../config.ts";

/** The software version clients read; the Mastodon API level first, so feature checks work. */
export const VERSION = `4.0.2 (compatible; Starling ${STARLING_VERSION})`;

/** Limits Starling enforces, as Mastodon 4.0 publishes them (reference §4.10). */
const LIMITS = {
  statuses: { max_characters: 500, max_media_attachments: 4, characters_reserved_per_url: 23 },
  media_attachments: {
    supported_mime_types: ["image/jpeg", "image/png", "image/gif", "image/webp", "video/webm", "video/mp4", "video/quicktime", "audio/wave", "audio/wav", "audio/mpeg", "audio/ogg", "audio/mp4", "audio/webm"],
    image_size_limit: 10485760,
    image_matrix_limit: 16777216,
    video_size_limit: 41943040,
    video_frame_rate_limit: 60,
    video_matrix_limit: 2304000,
  },
  polls: { max_options: 4, max_characters_per_option: 50, min_expiration: 300, max_expiration: 2629746 },
};

/**
 * Where clients open streams (they append /api/v1/streaming): STREAMING_API_BASE_URL when the
 * streaming API has a host of its own, else the instance's public URL, wss when it is https.
 */
export const streamingUrl = (config: GatewayConfig) => config.STREAMING_API_BASE_URL ?? publicBaseUrl(config).replace(/^http/, "ws");

/** What the instance description shows, from the services that own it. */
export interface InstanceFacts {
  stats: UsageStats;
  registrations: Registrations;
  rules: readonly Rule[];
  /** Staff's settings (moderation); unset ones fall back to the gateway's configuration. */
  settings: InstanceSettings;
  /** The contact account staff named, when it exists. */
  contact: Account | undefined;
}

/** Title, descriptions, contact e-mail and thumbnail: staff's settings first, else the configured defaults. */
function described(config: GatewayConfig, baseUrl: string, settings: InstanceSettings) {
  return {
    title: settings.title ?? config.INSTANCE_TITLE,
    description: settings.shortDescription ?? config.INSTANCE_DESCRIPTION,
    email: settings.contactEmail ?? config.CONTACT_EMAIL,
    thumbnail: settings.thumbnailUrl ?? `${baseUrl}/packs/media/images/preview.png`,
  };
}

/** Renders /api/v1/instance (reference §4.10). */
export function presentInstanceV1(config: GatewayConfig, baseUrl: string, facts: InstanceFacts): Record<string, unknown> {
  const { stats, registrations, rules } = facts;
  const { title, description, email, thumbnail } = described(config, baseUrl, facts.settings);
  return {
    uri: config.LOCAL_DOMAIN,
    title,
    short_description: description,
    description,
    email,
    version: VERSION,
    urls: { streaming_api: streamingUrl(config) },
    stats: { user_count: stats.usersTotal, status_count: stats.localPosts, domain_count: stats.knownDomains },
    thumbnail,
    languages: ["en"],
    registrations: registrations.enabled,
    approval_required: registrations.approvalRequired,
    invites_enabled: false,
    configuration: { accounts: { max_featured_tags: 10 }, ...LIMITS },
    contact_account: facts.contact ? presentAccount(facts.contact, baseUrl) : null,
    rules: rules.map(presentRule),
  };
}

/** Renders /api/v2/instance (reference §4.11). */
export function presentInstanceV2(config: GatewayConfig, baseUrl: string, facts: InstanceFacts, translationEnabled: boolean, vapidKey: string): Record<string, unknown> {
  const { stats, registrations, rules } = facts;
  const { title, description, email, thumbnail } = described(config, baseUrl, facts.settings);
  return {
    domain: config.LOCAL_DOMAIN,
    title,
    version: VERSION,
    source_url: "https://github.com/starling-social/starling",
    description,
    usage: { users: { active_month: stats.usersActiveMonth } },
    thumbnail: { url: thumbnail },
    languages: ["en"],
    configuration: {
      urls: { streaming: streamingUrl(config) },
      accounts: { max_featured_tags: 10 },
      ...LIMITS,
      translation: { enabled: translationEnabled },
      vapid: { public_key: vapidKey },
    },
    registrations: { enabled: registrations.enabled, approval_required: registrations.approvalRequired, message: null },
    contact: { email, account: facts.contact ? presentAccount(facts.contact, baseUrl) : null },
    rules: rules.map(presentRule),
  };
}
