import type { StatusesConfig } from "../config.ts";
import type { BackendLanguage } from "../domain/translation-languages.ts";
import type { Translator } from "../use-cases/translator.ts";
import { deeplBaseUrl, deeplTranslator } from "./deepl.ts";
import { libreTranslateTranslator } from "./libre-translate.ts";

/**
 * The translation backend the configuration names, with its language list cached, or undefined
 * when none is configured. DeepL wins when both are, as in Mastodon.
 */
export function configuredTranslator(config: StatusesConfig, now: () => Date = () => new Date()): Translator | undefined {
  const timeoutMs = config.TRANSLATION_TIMEOUT_MS;
  const ttlMs = config.TRANSLATION_LANGUAGES_TTL_MS;
  if (config.DEEPL_API_KEY) {
    const baseUrl = config.DEEPL_API_URL ?? deeplBaseUrl(config.DEEPL_PLAN);
    return withCachedLanguages(deeplTranslator({ baseUrl, apiKey: config.DEEPL_API_KEY, timeoutMs }), ttlMs, now);
  }
  if (config.LIBRE_TRANSLATE_ENDPOINT) {
    const options = { endpoint: config.LIBRE_TRANSLATE_ENDPOINT, apiKey: config.LIBRE_TRANSLATE_API_KEY, timeoutMs };
    return withCachedLanguages(libreTranslateTranslator(options), ttlMs, now);
  }
  return undefined;
}

/**
 * Asks the backend for its languages at most once per `ttlMs` (every translation checks its pair);
 * concurrent callers share one request, and a failed request is not kept, so the next call retries.
 */
export function withCachedLanguages(translator: Translator, ttlMs: number, now: () => Date): Translator {
  let cached: { at: number; languages: Promise<BackendLanguage[]> } | undefined;
  return {
    provider: translator.provider,
    translate: (html, pair) => translator.translate(html, pair),
    languages() {
      const at = now().getTime();
      if (cached && at - cached.at < ttlMs) return cached.languages;
      const entry = { at, languages: translator.languages() };
      cached = entry;
      entry.languages.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.languages;
    },
  };
}
