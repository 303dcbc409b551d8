import { z } from "zod";
import type { Translator } from "../use-cases/translator.ts";
import { backendJson, unexpectedAnswer } from "./backend-request.ts";

/** Where and how to reach a LibreTranslate server. */
export interface LibreTranslateOptions {
  /** Base URL, e.g. https://libretranslate.example (its API is at /translate and /languages). */
  endpoint: string;
  /** Sent as `api_key` when the server requires one. */
  apiKey: string | undefined;
  timeoutMs: number;
}

const PROVIDER = "LibreTranslate";
// Servers before 1.3 list no `targets`: then every language translates into every other.
const languagesAnswer = z.array(z.object({ code: z.string(), targets: z.array(z.string()).optional() }));
const translateAnswer = z.object({ translatedText: z.string(), detectedLanguage: z.object({ language: z.string() }).optional() });

/** The LibreTranslate HTTP API as a {@link Translator}. */
export function libreTranslateTranslator(options: LibreTranslateOptions): Translator {
  const url = (path: string) => new URL(path, options.endpoint.endsWith("/") ? options.endpoint : `${options.endpoint}/`).toString();
  return {
    provider: PROVIDER,
    async languages() {
      const parsed = languagesAnswer.safeParse(await backendJson(PROVIDER, url("languages"), { headers: { accept: "application/json" } }, options.timeoutMs));
      if (!parsed.success) throw unexpectedAnswer(PROVIDER);
      const all = parsed.data.map((l) => l.code);
      return parsed.data.map((l) => ({ code: l.code, targets: (l.targets ?? all).filter((t) => t !== l.code) }));
    },
    async translate(html, pair) {
      const body = { q: html, source: pair.source ?? "auto", target: pair.target, format: "html", ...(options.apiKey ? { api_key: options.apiKey } : {}) };
      const init = { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) };
      const parsed = translateAnswer.safeParse(await backendJson(PROVIDER, url("translate"), init, options.timeoutMs));
      if (!parsed.success) throw unexpectedAnswer(PROVIDER);
      return { html: parsed.data.translatedText, detectedSource: parsed.data.detectedLanguage?.language ?? pair.source };
    },
  };
}
