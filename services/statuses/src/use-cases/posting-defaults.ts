import { defaultLanguage } from "../domain/language.ts";
import { hasLanguage, type NewStatusDefaults, type NewStatusInput } from "../domain/new-status.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";

/**
 * What an omitted visibility or language of a new status becomes: the author's posting privacy,
 * and their posting language or else their interface language (Mastodon never guesses it from the
 * text). Asks accounts only when the client left one of them out.
 */
export async function postingDefaultsFor(deps: Pick<StatusesDeps, "accounts">, caller: Caller, input: Pick<NewStatusInput, "visibility" | "language">): Promise<NewStatusDefaults | undefined> {
  if (input.visibility !== undefined && hasLanguage(input)) return undefined;
  const preferences = await deps.accounts.postingDefaults(caller);
  return { visibility: preferences.visibility, language: defaultLanguage(preferences.language, preferences.interfaceLocale) };
}
