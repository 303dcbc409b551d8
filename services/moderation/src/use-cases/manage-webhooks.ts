import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isId, parsePage, type PageInput } from "@starling/paging";
import { invalidArgument, isAllowedAddress, notFound, type PrivateAddressPolicy } from "@starling/runtime";
import { findWebhook, insertWebhook, listWebhooks, removeWebhook, saveWebhook } from "../data/webhooks-queries.ts";
import { listDeliveries, type DeliveryRecord } from "../data/webhook-deliveries-queries.ts";
import { checkedEvents, newWebhookSecret, type Webhook } from "../domain/webhook.ts";
import { requireStaff } from "../domain/staff.ts";
import { recordAudit } from "./audit-log.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

/**
 * A webhook URL staff may name: http(s), no credentials, and a host that resolves only to public
 * addresses (unless the test setting allows private ones); delivery checks the address again.
 */
export async function checkedWebhookUrl(url: string, allowPrivate: PrivateAddressPolicy): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw invalidArgument("Validation failed: Url is invalid");
  }
  if (!["http:", "https:"].includes(parsed.protocol) || parsed.username || parsed.password) throw invalidArgument("Validation failed: Url is invalid");
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true }).then((found) => found.map((a) => a.address), () => []);
  if (addresses.length === 0) throw invalidArgument("Validation failed: Url does not resolve");
  if (addresses.some((address) => !isAllowedAddress(address, allowPrivate))) throw invalidArgument("Validation failed: Url points to a private address");
  return parsed.toString();
}

/** A webhook by id, for staff who manage webhooks; 404 when unknown. */
async function existing(deps: ModerationDeps, id: string): Promise<Webhook> {
  const webhook = isId(id) ? await findWebhook(deps.db, id) : undefined;
  if (!webhook) throw notFound();
  return webhook;
}

/** Saves a changed webhook with its audit entry. */
async function save(deps: ModerationDeps, staffId: string, webhook: Webhook, verb: string): Promise<Webhook> {
  const changed = { ...webhook, updatedAt: deps.now() };
  await deps.db.transaction(async (trx) => {
    await saveWebhook(deps.db, trx, changed);
    await recordAudit(deps, trx, { accountId: staffId, action: `webhook.${verb}`, targetType: "Webhook", targetId: webhook.id, summary: webhook.url });
  });
  return changed;
}

export async function getWebhooks(deps: ModerationDeps, caller: Caller): Promise<Webhook[]> {
  requireStaff(caller, "manage_webhooks");
  return listWebhooks(deps.db);
}

export async function getWebhook(deps: ModerationDeps, caller: Caller, id: string): Promise<Webhook> {
  requireStaff(caller, "manage_webhooks");
  return existing(deps, id);
}

/** Adds an enabled webhook with a fresh secret. */
export async function createWebhook(deps: ModerationDeps, caller: Caller, input: { url: string; events: readonly string[] }): Promise<Webhook> {
  const staffId = requireStaff(caller, "manage_webhooks");
  const events = checkedEvents(input.events);
  const url = await checkedWebhookUrl(input.url, deps.allowPrivateAddresses);
  const now = deps.now();
  const webhook: Webhook = { id: deps.newId(), url, events, enabled: true, secret: newWebhookSecret(), createdAt: now, updatedAt: now };
  await deps.db.transaction(async (trx) => {
    await insertWebhook(deps.db, trx, webhook);
    await recordAudit(deps, trx, { accountId: staffId, action: "webhook.create", targetType: "Webhook", targetId: webhook.id, summary: url });
  });
  return webhook;
}

/** Changes the URL and/or the events of a webhook. */
export async function updateWebhook(deps: ModerationDeps, caller: Caller, id: string, input: { url?: string | undefined; events: readonly string[] }): Promise<Webhook> {
  const staffId = requireStaff(caller, "manage_webhooks");
  const webhook = await existing(deps, id);
  const url = input.url === undefined ? webhook.url : await checkedWebhookUrl(input.url, deps.allowPrivateAddresses);
  const events = input.events.length ? checkedEvents(input.events) : webhook.events;
  return save(deps, staffId, { ...webhook, url, events }, "update");
}

export async function setWebhookEnabled(deps: ModerationDeps, caller: Caller, id: string, enabled: boolean): Promise<Webhook> {
  const staffId = requireStaff(caller, "manage_webhooks");
  return save(deps, staffId, { ...(await existing(deps, id)), enabled }, enabled ? "enable" : "disable");
}

export async function rotateWebhookSecret(deps: ModerationDeps, caller: Caller, id: string): Promise<Webhook> {
  const staffId = requireStaff(caller, "manage_webhooks");
  return save(deps, staffId, { ...(await existing(deps, id)), secret: newWebhookSecret() }, "rotate_secret");
}

/** Removes a webhook and the deliveries still queued for it. */
export async function deleteWebhook(deps: ModerationDeps, caller: Caller, id: string): Promise<void> {
  const staffId = requireStaff(caller, "manage_webhooks");
  const webhook = await existing(deps, id);
  await deps.db.transaction(async (trx) => {
    await removeWebhook(deps.db, trx, webhook.id);
    await recordAudit(deps, trx, { accountId: staffId, action: "webhook.destroy", targetType: "Webhook", targetId: webhook.id, summary: webhook.url });
  });
}

/** A webhook's delivery history, newest first (beyond Mastodon, which shows none). */
export async function getWebhookDeliveries(deps: ModerationDeps, caller: Caller, id: string, page: PageInput | undefined): Promise<DeliveryRecord[]> {
  requireStaff(caller, "manage_webhooks");
  const webhook = await existing(deps, id);
  return listDeliveries(deps.db, webhook.id, parsePage(page, { default: 40, max: 200 }));
}
