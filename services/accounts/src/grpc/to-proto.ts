// Converters from domain values to the generated proto messages (one direction only: requests are
// plain scalars and are read directly by the handlers).
import type {
  Account as AccountMessage,
  AccountSource as AccountSourceMessage,
  App as AppMessage,
  Field as FieldMessage,
  Relationship as RelationshipMessage,
  Role as RoleMessage,
} from "@starling/proto/accounts/v1/accounts";
import { formatFieldValue } from "@starling/text";
import type { Account } from "../domain/account.ts";
import type { Relationship } from "../domain/relationship.ts";
import type { UserRole } from "../domain/roles.ts";
import type { OauthApp } from "../data/oauth-queries.ts";
import type { AccountSource } from "../use-cases/get-credential-account.ts";

export function accountToProto(account: Account): AccountMessage {
  return {
    id: account.id,
    username: account.username,
    domain: account.domain ?? undefined,
    displayName: account.displayName,
    note: account.note,
    uri: account.uri,
    url: account.url ?? undefined,
    locked: account.locked,
    bot: account.bot,
    ...(account.discoverable === null ? {} : { discoverable: account.discoverable }),
    group: account.actorType === "Group",
    createdAt: account.createdAt,
    followersCount: account.followersCount,
    followingCount: account.followingCount,
    statusesCount: account.statusesCount,
    lastStatusAt: account.lastStatusAt ?? undefined,
    // Absent lets the gateway fall back to Mastodon's missing images.
    avatarUrl: account.avatar?.url,
    avatarStaticUrl: account.avatar?.staticUrl,
    headerUrl: account.header?.url,
    headerStaticUrl: account.header?.staticUrl,
    // Local fields are stored as typed and rendered here; remote ones arrive as HTML.
    fields: (account.fields ?? []).map((f) => fieldToProto(account.domain === null ? { ...f, value: formatFieldValue(f.value) } : f)),
    movedToAccountId: account.movedToAccountId ?? undefined,
    emojiShortcodes: account.emojiShortcodes ?? [],
    suspended: account.suspendedAt !== null,
    limited: account.silencedAt !== null,
    sensitized: account.sensitizedAt !== null,
    indexable: account.indexable,
  };
}

/** An app as clients see it, with the instance's VAPID public key for their push subscriptions. */
export function appToProto(app: OauthApp, vapidKey: string): AppMessage {
  return {
    id: app.id,
    name: app.name,
    website: app.website ?? undefined,
    redirectUris: app.redirectUris,
    scopes: app.scopes,
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    vapidKey,
  };
}

export function relationshipToProto(relationship: Relationship): RelationshipMessage {
  return { ...relationship, languages: relationship.languages ?? [] };
}

export function roleToProto(role: UserRole): RoleMessage {
  return { id: role.id, name: role.name, permissions: String(role.permissions), color: role.color, highlighted: role.highlighted, position: role.position, createdAt: role.createdAt, updatedAt: role.updatedAt };
}

export function sourceToProto(source: AccountSource): AccountSourceMessage {
  return { ...source, fields: source.fields.map(fieldToProto) };
}

// The proto Field: Timestamp verified_at, absent when unverified.
function fieldToProto(field: { name: string; value: string; verifiedAt: Date | null }): FieldMessage {
  return { name: field.name, value: field.value, verifiedAt: field.verifiedAt ?? undefined };
}
