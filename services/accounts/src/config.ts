import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { flag, localDomainEnv, parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the accounts service. */
export const accountsEnv = z.object({
  ...serverEnv,
  ...infraEnv,
  /** gRPC port of AccountsService and health. */
  GRPC_PORT: port(50051),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9101),
  ...localDomainEnv,
  /** The statuses service, read for the words a notification push or e-mail quotes. */
  STATUSES_GRPC_URL: z.string().default("127.0.0.1:50052"),
  /** SMTP server for outgoing mail (smtp:// or smtps:// with credentials); unset writes mail to MAILBOX_DIR. */
  SMTP_URL: z.string().url().optional(),
  /** Local mailbox folder used when SMTP_URL is unset (default: DATA_DIR/mail). */
  MAILBOX_DIR: z.string().optional(),
  /** From address of outgoing mail; its address is also the VAPID contact push services see. */
  SMTP_FROM: z.string().default("Starling <notifications@localhost>"),
  /**
   * Who may sign up through POST /api/v1/accounts: open (anyone), approved (anyone, then a moderator
   * approves) or none (closed): the default while staff have set no mode in the instance settings
   * (moderation's registrations_mode, followed through instance_settings.updated).
   */
  REGISTRATIONS_MODE: z.enum(["open", "approved", "none"]).default("open"),
  /**
   * Mastodon's LIMITED_FEDERATION_MODE (as federation reads it): removing a server's domain allow then
   * suspends its accounts here, hidden with their statuses and purged after 30 days, as Mastodon
   * purges a server whose allow is taken away.
   */
  LIMITED_FEDERATION_MODE: flag(false),
  /** Let server-side fetches (rel=me link checks, Web Push deliveries) reach loopback and private addresses, over http too for pushes. Tests only. */
  ALLOW_PRIVATE_ADDRESSES: flag(false),
  /** Verify profile links on plain http:// too (Mastodon checks https only). Tests only. */
  VERIFY_HTTP_LINKS: flag(false),
  /**
   * DNS servers (`ip` or `ip:port`, comma-separated) the e-mail MX check at sign-up asks, when staff
   * turned it on (moderation's email_mx_check setting); unset: the system's resolvers.
   */
  EMAIL_DNS_SERVERS: z
    .string()
    .optional()
    .transform((v) => v?.split(",").map((s) => s.trim()).filter(Boolean)),
  /** How long the MX check waits for one DNS answer before trying again (twice in all). */
  EMAIL_DNS_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
});

export type AccountsConfig = z.infer<typeof accountsEnv>;

/** Reads and validates the environment once at start-up. */
export const loadAccountsConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(accountsEnv, env);
