import { enqueueEvents, outboxEvent } from "@starling/events";
import { countedLength, extractEmojiShortcodes } from "@starling/text";
import { invalidArgument, unauthenticated, type Viewer } from "@starling/runtime";
import { findAccount } from "../data/accounts-queries.ts";
import { findSettings, requestLinkCheck, saveSettings, updateProfile, type ProfilePatch } from "../data/profile-queries.ts";
import type { Account, ProfileImage } from "../domain/account.ts";
import { nextFields, verifiableUrl, type ProfileField } from "../domain/profile-fields.ts";
import { profileProblem } from "../domain/profile-rules.ts";
import { acceptRequestsOnUnlock } from "./accept-requests-on-unlock.ts";
import { getCredentialAccount } from "./get-credential-account.ts";
import type { ProfileDeps } from "./profile-deps.ts";
import { renderNote } from "./render-note.ts";

/** What update_credentials may change; absent members stay as they are. */
export interface UpdateCredentialsInput {
  displayName?: string | undefined;
  /** Plain text. */
  note?: string | undefined;
  locked?: boolean | undefined;
  bot?: boolean | undefined;
  discoverable?: boolean | undefined;
  /** Lets anyone find the public posts by full-text search. */
  indexable?: boolean | undefined;
  /** A present list replaces every field. */
  fields?: { name: string; value: string }[] | undefined;
  privacy?: string | undefined;
  sensitive?: boolean | undefined;
  /** "" clears the default language. */
  language?: string | undefined;
  /** New images, already stored by the media service (the gateway streamed them there). */
  avatar?: { url: string; staticUrl: string } | undefined;
  header?: { url: string; staticUrl: string } | undefined;
}

/**
 * Edits the viewer's profile and posting defaults in one transaction: validates everything first
 * (nothing is saved when anything is refused), renders the note, keeps verified_at on fields whose
 * value did not change, queues a rel=me check for new links, accepts pending follow requests when
 * the account unlocks, and announces account.updated. Answers the CredentialAccount afterwards.
 */
export async function updateCredentials(deps: ProfileDeps, viewer: Viewer | undefined, input: UpdateCredentialsInput): ReturnType<typeof getCredentialAccount> {
  if (!viewer?.accountId) throw unauthenticated("This method requires an authenticated user");
  const account = await findAccount(deps.db, viewer.accountId);
  if (!account) throw unauthenticated();
  const fields = input.fields && nextFields(input.fields, account.fields ?? []);
  const problem = profileProblem({
    displayName: input.displayName,
    noteLength: input.note === undefined ? undefined : countedLength(input.note),
    fields,
    privacy: input.privacy,
    language: input.language,
  });
  if (problem) throw invalidArgument(problem);
  const images = { avatar: profileImage("avatar", input.avatar), header: profileImage("header", input.header) };
  const patch = { ...(await profilePatch(deps, account, input, fields)), ...images };
  const published = await deps.db.transaction(async (trx) => {
    await updateProfile(deps.db, trx, account.id, patch);
    if (input.privacy !== undefined || input.sensitive !== undefined || input.language !== undefined) {
      const settings = await findSettings(deps.db, account.id, trx);
      await saveSettings(deps.db, trx, account.id, {
        ...settings,
        privacy: input.privacy ?? settings.privacy,
        sensitive: input.sensitive ?? settings.sensitive,
        language: input.language === undefined ? settings.language : input.language || null,
      });
    }
    const checkLinks = fields !== undefined && fields.some((f) => needsCheck(deps, f));
    if (checkLinks) await requestLinkCheck(deps.db, trx, account.id, deps.now());
    const accepted = account.locked && input.locked === false ? await acceptRequestsOnUnlock(deps, trx, account.id) : false;
    if (!profileChanged(patch)) return { events: accepted, checkLinks };
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.updated", account.id, { accountId: account.id })]);
    return { events: true, checkLinks };
  });
  if (published.events) deps.nudge();
  if (published.checkLinks) deps.nudgeLinkChecks();
  return getCredentialAccount(deps, viewer);
}

async function profilePatch(deps: ProfileDeps, account: Account, input: UpdateCredentialsInput, fields: ProfileField[] | undefined): Promise<ProfilePatch> {
  const patch: ProfilePatch = { displayName: input.displayName, locked: input.locked, discoverable: input.discoverable, indexable: input.indexable, fields };
  if (input.note !== undefined) {
    patch.note = await renderNote(deps, input.note);
    patch.noteSource = input.note;
  }
  if (input.bot !== undefined) {
    patch.bot = input.bot;
    // Mastodon marks bots by actor type; a group stays a group when it says it is not a bot.
    patch.actorType = input.bot ? "Service" : account.actorType === "Group" ? "Group" : "Person";
  }
  const name = input.displayName ?? account.displayName;
  const note = input.note ?? account.noteSource ?? "";
  const values = (fields ?? account.fields ?? []).map((f) => f.value);
  patch.emojiShortcodes = extractEmojiShortcodes(name, note, ...values);
  return patch;
}

// Only changes others can see are announced; the emoji list always follows the texts.
function profileChanged(patch: ProfilePatch): boolean {
  const { emojiShortcodes: _derived, ...visible } = patch;
  return Object.values(visible).some((value) => value !== undefined);
}

/** A stored image's URLs: absolute http(s); the still falls back to the image itself. */
function profileImage(which: string, input: { url: string; staticUrl: string } | undefined): ProfileImage | undefined {
  if (!input) return undefined;
  const urls = [input.url, input.staticUrl || input.url];
  if (!urls.every((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol))) throw invalidArgument(`Validation failed: ${which} must be an http(s) URL`);
  return { url: urls[0]!, staticUrl: urls[1]! };
}

function needsCheck(deps: ProfileDeps, field: ProfileField): boolean {
  return field.verifiedAt === null && verifiableUrl(field.value, deps.linkChecks.allowHttp) !== undefined;
}
