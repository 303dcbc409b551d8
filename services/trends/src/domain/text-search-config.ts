/**
 * The PostgreSQL text-search configuration (stemmer and stop words) for a post's language. Only
 * configurations PostgreSQL 15 and later ship are named; any other language gets `simple`
 * (lower-cased words as written), which is also always added beside the stemmed words.
 */
const CONFIGS: Record<string, string> = {
  ar: "arabic",
  da: "danish",
  de: "german",
  el: "greek",
  en: "english",
  es: "spanish",
  fi: "finnish",
  fr: "french",
  ga: "irish",
  hu: "hungarian",
  id: "indonesian",
  it: "italian",
  lt: "lithuanian",
  nb: "norwegian",
  ne: "nepali",
  nl: "dutch",
  nn: "norwegian",
  no: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  sv: "swedish",
  ta: "tamil",
  tr: "turkish",
};

/** The configuration that stems words of `language` (an ISO 639 code), or `simple`. */
export function textSearchConfig(language: string | null | undefined): string {
  return (language && CONFIGS[language.toLowerCase()]) || "simple";
}
