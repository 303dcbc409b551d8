/**
 * Compares strings by their UTF-8 bytes, the order Redis (memcmp) sorts members in. JavaScript's
 * `<` compares UTF-16 code units, which disagrees for characters above U+FFFF versus U+E000–U+FFFF;
 * shifting code units as below yields code point order, which equals UTF-8 byte order, without
 * encoding anything.
 */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

// Surrogates (D800–DFFF) start code points above FFFF, so they must outrank E000–FFFF.
function codePointRank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}
