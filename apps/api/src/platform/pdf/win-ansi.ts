/*
 * pdfkit's built-in fonts (Helvetica) cover Windows-1252 (æ, ø, å, ä, ö, ü, é, –, € …): the text of
 * every PDF the register makes goes through `toWinAnsi`, so a character in another script never
 * breaks a document.
 */

/** The characters of Windows-1252 beyond Latin-1's printable range. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/** Text the built-in fonts can draw: other characters fall back to their base letter, else '?'. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    if (char === '\n' || char === '\t' || isWinAnsi(char)) {
      out += char === '\t' ? ' ' : char;
      continue;
    }
    if (/\s/u.test(char)) {
      out += ' ';
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += base && [...base].every(isWinAnsi) ? base : '?';
  }
  return out;
}
