/**
 * Interface languages a user may pick at sign-up: the locales Mastodon 4.0 ships translations for
 * (its I18n.available_locales), so a client that offers Mastodon's list gets the same answer here.
 * These are UI locales (with regions and scripts), not the ISO 639-1 codes statuses are tagged with.
 */
const UI_LOCALES = (
  "af an ar ast be bg bn br bs ca ckb co cs cy da de el en en-GB eo es es-AR es-MX et eu fa fi fo fr fr-QC fy " +
  "ga gd gl he hi hr hu hy id ig io is it ja ka kab kk kn ko ku kw la lt lv mk ml mr ms my nl nn no oc pa pl " +
  "pt-BR pt-PT ro ru sa sc sco si sk sl sq sr sr-Latn sv ta te th tr tt ug uk ur vi zgh zh-CN zh-HK zh-TW"
).split(" ");

const byLowerCase = new Map(UI_LOCALES.map((locale) => [locale.toLowerCase(), locale]));

/**
 * The canonical spelling of a known interface locale ("pt-br" → "pt-BR", "pt_BR" too), or undefined
 * when it is not one. Clients differ in case and separator; the stored value is always canonical.
 */
export function knownLocale(input: string): string | undefined {
  return byLowerCase.get(input.trim().replace("_", "-").toLowerCase());
}
