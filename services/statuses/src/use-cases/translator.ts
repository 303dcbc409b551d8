import type { BackendLanguage, BackendPair } from "../domain/translation-languages.ts";

/** What a translation backend answers. */
export interface TranslatedText {
  /** The translated HTML. */
  html: string;
  /** The backend's code of the language it translated from, when it says (it detected it, or echoes it). */
  detectedSource: string | undefined;
}

/**
 * A translation backend (adapters in src/translation/: DeepL, LibreTranslate). Failures of the
 * backend (down, quota, unexpected answers) are thrown as UNAVAILABLE ServiceErrors.
 */
export interface Translator {
  /** The `provider` clients see: "DeepL.com" or "LibreTranslate". */
  provider: string;
  /** The languages the backend translates from and to, in its own codes. */
  languages(): Promise<BackendLanguage[]>;
  /** Translates HTML, keeping its markup. */
  translate(html: string, pair: BackendPair): Promise<TranslatedText>;
}
