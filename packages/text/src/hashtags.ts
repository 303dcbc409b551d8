// Mastodon's hashtag grammar: word characters (letters with their combining marks, digits, "_"),
// with a middle dot or a zero-width non-joiner allowed between them (Catalan "l·l", Persian
// compounds), at least one letter, and a "#" not glued to a word, a "/" or a ")" before it.
const WORD = String.raw`[\p{L}\p{M}\p{Nd}\p{Pc}]`;
const SEPARATOR = String.raw`[\u00B7\u200C]`;

/** A hashtag in text: group 1 is its name without "#". Global and Unicode-aware; use with matchAll. */
export const HASHTAG_PATTERN = new RegExp(String.raw`(?<=^|[^/)\p{L}\p{M}\p{Nd}\p{Pc}])#(${WORD}+(?:${SEPARATOR}${WORD}+)*)`, "gu");

const HAS_LETTER = /[\p{L}\p{M}]/u;

/** Whether a name matched by {@link HASHTAG_PATTERN} can be a hashtag: all-digit names ("#1") cannot. */
export function isHashtagName(name: string): boolean {
  return HAS_LETTER.test(name);
}

// Latin letters whose accent is not a combining mark (a stroke, a bar): Mastodon's ASCII folding
// maps these to their base letter too.
const STROKED: Record<string, string> = { ø: "o", ł: "l", đ: "d", ð: "d", ħ: "h", ı: "i", ĸ: "k", ŋ: "n", ŧ: "t" };
const STROKED_PATTERN = new RegExp(`[${Object.keys(STROKED).join("")}]`, "g");

/**
 * The name under which a hashtag is stored and matched: compatibility forms folded (full-width
 * letters become ASCII), lower case, and accents dropped from Latin letters (stroked ones too),
 * so `#Café`, `#CAFE` and `#ｃａｆｅ` are one tag, as in Mastodon. Other scripts keep their marks.
 */
export function normalizeHashtag(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .replace(STROKED_PATTERN, (letter) => STROKED[letter]!)
    .normalize("NFC");
}

/**
 * The hashtags written in these plain-text segments (text outside URLs), as typed, each normalized
 * name once, in order of first use.
 */
export function hashtagsIn(segments: readonly string[]): { name: string; normalized: string }[] {
  const found = new Map<string, string>();
  for (const segment of segments) {
    for (const match of segment.matchAll(HASHTAG_PATTERN)) {
      const name = match[1]!;
      if (!isHashtagName(name)) continue;
      const normalized = normalizeHashtag(name);
      if (!found.has(normalized)) found.set(normalized, name);
    }
  }
  return [...found].map(([normalized, name]) => ({ name, normalized }));
}
