import { z } from "zod";
import type { Translator } from "../use-cases/translator.ts";
import { backendJson, unexpectedAnswer } from "./backend-request.ts";

/** Where and how to reach DeepL's API. */
export interface DeepLOptions {
  /** https://api-free.deepl.com or https://api.deepl.com (by plan), or a compatible server. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

const PROVIDER = "DeepL.com";
const languagesAnswer = z.array(z.object({ language: z.string() }));
const translateAnswer = z.object({ translations: z.array(z.object({ text: z.string(), detected_source_language: z.string().optional() })).min(1) });

/** The base URL of DeepL's API for a plan: free keys only work on api-free, paid ones only on api. */
export const deeplBaseUrl = (plan: "free" | "pro") => (plan === "pro" ? "https://api.deepl.com" : "https://api-free.deepl.com");

/** DeepL's v2 HTTP API as a {@link Translator}; it translates every source language into every target language. */
export function deeplTranslator(options: DeepLOptions): Translator {
  const url = (path: string) => `${options.baseUrl.replace(/\/+$/, "")}${path}`;
  const headers = { authorization: `DeepL-Auth-Key ${options.apiKey}`, accept: "application/json" };
  const list = async (type: "source" | "target") => {
    const parsed = languagesAnswer.safeParse(await backendJson(PROVIDER, url(`/v2/languages?type=${type}`), { headers }, options.timeoutMs));
    if (!parsed.success) throw unexpectedAnswer(PROVIDER);
    return parsed.data.map((l) => l.language);
  };
  return {
    provider: PROVIDER,
    async languages() {
      const [sources, targets] = await Promise.all([list("source"), list("target")]);
      return sources.map((code) => ({ code, targets: targets.filter((t) => t.split("-")[0] !== code) }));
    },
    async translate(html, pair) {
      // Without source_lang DeepL detects the language itself.
      const form = new URLSearchParams({ text: html, target_lang: pair.target, tag_handling: "html" });
      if (pair.source) form.set("source_lang", pair.source);
      const init = { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: form.toString() };
      const parsed = translateAnswer.safeParse(await backendJson(PROVIDER, url("/v2/translate"), init, options.timeoutMs));
      if (!parsed.success) throw unexpectedAnswer(PROVIDER);
      const [first] = parsed.data.translations;
      return { html: first!.text, detectedSource: first!.detected_source_language };
    },
  };
}
