import { isLanguageCode } from "./language.ts";

/** One source language of a backend, in the backend's own codes ("EN", "pt-BR", "zh-Hans"), and where it translates to. */
export interface BackendLanguage {
  code: string;
  targets: string[];
}

/** The backend codes to ask for, once a pair is known to be supported. */
export interface BackendPair {
  /** Undefined asks the backend to detect the source language. */
  source: string | undefined;
  target: string;
}

// Statuses and clients speak ISO 639-1 ("pt"); backends add regions and scripts ("PT-BR", "zh-Hans").
const primary = (code: string) => code.split(/[-_]/)[0]!.toLowerCase();

// Of several backend codes for one language, the bare one ("de") wins, else the first listed ("EN-GB").
function byLanguage(codes: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const code of codes) {
    const language = primary(code);
    if (!isLanguageCode(language)) continue;
    if (!map.has(language) || code.toLowerCase() === language) map.set(language, code);
  }
  return map;
}

/**
 * Which backend codes translate `source` (ISO 639-1, or null when the status names no language, and
 * the backend detects it) into `target`; undefined when the backend cannot, as Mastodon refuses such
 * a pair rather than sending it.
 */
export function resolveBackendPair(languages: readonly BackendLanguage[], source: string | null, target: string): BackendPair | undefined {
  if (source === null) {
    const reachable = byLanguage(languages.flatMap((l) => l.targets));
    const code = reachable.get(target);
    return code === undefined ? undefined : { source: undefined, target: code };
  }
  const from = languages.find((l) => l.code === byLanguage(languages.map((each) => each.code)).get(source));
  const code = from && byLanguage(from.targets).get(target);
  return from && code !== undefined ? { source: from.code, target: code } : undefined;
}

/**
 * The language a translation is made into: the `lang` the client asked for, else the viewer's
 * interface language ("pt-BR" → "pt"), else English, Mastodon's default locale. Undefined when
 * `lang` is given but names no language.
 */
export function translationTarget(lang: string | undefined, interfaceLocale: string | undefined): string | undefined {
  if (lang !== undefined) {
    const asked = primary(lang.trim());
    return isLanguageCode(asked) ? asked : undefined;
  }
  const fromInterface = interfaceLocale === undefined ? undefined : primary(interfaceLocale);
  return fromInterface !== undefined && isLanguageCode(fromInterface) ? fromInterface : "en";
}
