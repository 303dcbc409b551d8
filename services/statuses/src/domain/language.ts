// The 183 two-letter codes of ISO 639-1.
const ISO_639_1 = new Set(
  (
    "aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz " +
    "ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii " +
    "ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi " +
    "mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw " +
    "sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk " +
    "ur uz ve vi vo wa wo xh yi yo za zh zu"
  ).split(" "),
);

/** Whether `code` is an ISO 639-1 language code (lower case, as normalized by {@link normalizeLanguage}). */
export function isLanguageCode(code: string): boolean {
  return ISO_639_1.has(code);
}

/**
 * The language of a new status: null when the client sent none (we do not guess), the lower-cased
 * code when it is ISO 639-1, and undefined when it is not a language code at all.
 */
export function normalizeLanguage(input: string): string | null | undefined {
  const code = input.trim().toLowerCase();
  if (code === "") return null;
  return isLanguageCode(code) ? code : undefined;
}

/**
 * The language of a post that names none, as Mastodon picks it without guessing from the text:
 * the author's posting default, else the language of the interface they chose ("pt-BR" → "pt"),
 * else none.
 */
export function defaultLanguage(postingDefault: string | undefined, interfaceLocale: string | undefined): string | null {
  const chosen = postingDefault === undefined ? undefined : normalizeLanguage(postingDefault);
  if (chosen) return chosen;
  const primary = interfaceLocale?.split(/[-_]/)[0];
  return (primary === undefined ? undefined : normalizeLanguage(primary)) ?? null;
}
