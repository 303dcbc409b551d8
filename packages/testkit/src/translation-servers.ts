/**
 * Local HTTP servers that speak the APIs of LibreTranslate (POST /translate, GET /languages) and
 * DeepL (POST /v2/translate, GET /v2/languages), translating word by word with a small dictionary, so
 * translation is tested over real HTTP without a real backend.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Words by language pair: `{ "en:de": { hello: "hallo" } }`. Each pair is a supported one. */
export type Dictionary = Record<string, Record<string, string>>;

/** One request a translation server received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The query parameters with the parsed JSON or form body over them. */
  body: Record<string, unknown>;
}

/** A running fake backend. */
export interface TranslationServer {
  /** Base URL, e.g. http://127.0.0.1:4321. */
  url: string;
  /** Every request, oldest first. */
  requests: ReceivedRequest[];
  /** While set, every request gets HTTP 500, as a backend that is down. */
  failing: boolean;
  stop(): Promise<void>;
}

type Handler = (request: ReceivedRequest) => { status: number; body: unknown };

const pairsOf = (dictionary: Dictionary) => Object.keys(dictionary).map((key) => key.split(":") as [string, string]);

/** Replaces known words in the text between tags, leaving the markup as it is. */
function translateHtml(dictionary: Dictionary, source: string, target: string, html: string): string {
  const words = dictionary[`${source}:${target}`] ?? {};
  return html.replace(/(<[^>]*>)|([^<]+)/g, (_all, tag: string | undefined, text: string) => tag ?? text.replace(/\p{L}+/gu, (w) => words[w.toLowerCase()] ?? w));
}

/** The source language whose words the text uses most (the fake's language detection); first pair's source on a tie. */
function detect(dictionary: Dictionary, html: string): string {
  const words = (html.replace(/<[^>]*>/g, " ").match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase());
  const score = (source: string) => words.filter((w) => pairsOf(dictionary).some(([s, t]) => s === source && dictionary[`${s}:${t}`]![w])).length;
  const sources = [...new Set(pairsOf(dictionary).map(([s]) => s))];
  return sources.reduce((best, s) => (score(s) > score(best) ? s : best), sources[0] ?? "en");
}

/** Starts a LibreTranslate-compatible server; with `apiKey`, requests without that `api_key` get 403. */
export function startLibreTranslateServer(options: { dictionary: Dictionary; apiKey?: string }): Promise<TranslationServer> {
  const { dictionary } = options;
  return serve((request) => {
    if (request.method === "GET" && request.path === "/languages") {
      const sources = [...new Set(pairsOf(dictionary).map(([s]) => s))];
      return { status: 200, body: sources.map((code) => ({ code, name: code, targets: pairsOf(dictionary).filter(([s]) => s === code).map(([, t]) => t) })) };
    }
    if (request.method !== "POST" || request.path !== "/translate") return { status: 404, body: { error: "Not Found" } };
    if (options.apiKey && request.body.api_key !== options.apiKey) return { status: 403, body: { error: "Invalid API key" } };
    const { q, target } = request.body as { q: string; source: string; target: string };
    const source = request.body.source === "auto" ? detect(dictionary, q) : String(request.body.source);
    if (!dictionary[`${source}:${target}`]) return { status: 400, body: { error: `${source} is not supported into ${target}` } };
    const detected = request.body.source === "auto" ? { detectedLanguage: { confidence: 90, language: source } } : {};
    return { status: 200, body: { translatedText: translateHtml(dictionary, source, target, q), ...detected } };
  });
}

/**
 * Starts a server with DeepL's v2 API shape; requests without `Authorization: DeepL-Auth-Key <apiKey>`
 * get 403. English is listed as the targets EN-GB and EN-US, as DeepL lists it.
 */
export function startDeepLServer(options: { dictionary: Dictionary; apiKey: string }): Promise<TranslationServer> {
  const { dictionary } = options;
  const regions: Record<string, string[]> = { en: ["EN-GB", "EN-US"], pt: ["PT-BR", "PT-PT"] };
  return serve((request) => {
    if (request.headers.authorization !== `DeepL-Auth-Key ${options.apiKey}`) return { status: 403, body: { message: "Wrong endpoint or invalid auth key" } };
    if (request.method === "GET" && request.path === "/v2/languages") {
      const type = request.body.type;
      const codes = [...new Set(pairsOf(dictionary).map(([s, t]) => (type === "target" ? t : s)))];
      const listed = type === "target" ? codes.flatMap((c) => regions[c] ?? [c.toUpperCase()]) : codes.map((c) => c.toUpperCase());
      return { status: 200, body: listed.map((language) => ({ language, name: language })) };
    }
    if (request.method !== "POST" || request.path !== "/v2/translate") return { status: 404, body: { message: "Not found" } };
    const text = String(request.body.text);
    const target = String(request.body.target_lang).split("-")[0]!.toLowerCase();
    const source = request.body.source_lang ? String(request.body.source_lang).toLowerCase() : detect(dictionary, text);
    return { status: 200, body: { translations: [{ detected_source_language: source.toUpperCase(), text: translateHtml(dictionary, source, target, text) }] } };
  });
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  if (raw === "") return {};
  if (String(request.headers["content-type"]).includes("application/json")) return JSON.parse(raw) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(raw));
}

async function serve(handle: Handler): Promise<TranslationServer> {
  const state: TranslationServer = { url: "", requests: [], failing: false, stop: async () => {} };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const body = { ...Object.fromEntries(url.searchParams), ...(await readBody(req)) };
      const received = { method: req.method ?? "GET", path: url.pathname, headers: req.headers, body };
      state.requests.push(received);
      const answer = state.failing ? { status: 500, body: { error: "backend down" } } : handle(received);
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    })().catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.stop = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
