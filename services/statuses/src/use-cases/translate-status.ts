import { invalidArgument, notFound, permissionDenied } from "@starling/runtime";
import { resolveBackendPair, translationTarget } from "../domain/translation-languages.ts";
import { normalizeLanguage } from "../domain/language.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatus } from "./find-visible-status.ts";
import type { Translator } from "./translator.ts";

/** Mastodon 4.0's Translation entity. */
export interface Translation {
  content: string;
  detectedSourceLanguage: string;
  provider: string;
}

/** The use case's dependencies: the service's, and the backend (undefined when none is configured). */
export type TranslationDeps = StatusesDeps & { translator: Translator | undefined };

/**
 * Translates the content of a status the caller may see, as Mastodon 4.0 does: only public and
 * unlisted statuses, from the status's language (detected by the backend when it has none) into
 * `lang`, else the caller's interface language, else English.
 */
export async function translateStatus(deps: TranslationDeps, caller: Caller, input: { id: string; lang?: string | undefined }): Promise<Translation> {
  const found = await findVisibleStatus(deps, caller, input.id);
  if (!found) throw notFound();
  // A reblog has no text of its own: translate what it shares.
  const status = found.reblogOfId ? await findVisibleStatus(deps, caller, found.reblogOfId) : found;
  if (!status) throw notFound();
  if (!deps.translator) throw notFound();
  if (status.visibility !== "public" && status.visibility !== "unlisted") throw permissionDenied();
  const interfaceLocale = input.lang === undefined && caller.accountId ? (await deps.accounts.postingDefaults(caller)).interfaceLocale : undefined;
  const target = translationTarget(input.lang, interfaceLocale);
  if (!target) throw invalidArgument("Validation failed: lang is not a language code");
  const source = status.language ? (normalizeLanguage(status.language) ?? null) : null;
  if (source === target) throw permissionDenied();
  const pair = resolveBackendPair(await deps.translator.languages(), source, target);
  if (!pair) throw permissionDenied();
  const translated = await deps.translator.translate(status.content, pair);
  const detected = source ?? (translated.detectedSource && normalizeLanguage(translated.detectedSource.split(/[-_]/)[0]!)) ?? "";
  return { content: translated.html, detectedSourceLanguage: detected, provider: deps.translator.provider };
}
