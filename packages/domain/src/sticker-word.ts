/*
 * One word for the QR sticker per language, on every screen, page and mail (issue 14): the word
 * SPEC.md and the translations already used most. The variants below are what crept in beside it;
 * the locale tests of the web app and the API fail when one comes back. (Danish "mærke" and
 * Norwegian "merke" also mean a bike's brand, so only their sticker compounds are banned.)
 */
export const STICKER_WORD = { da: 'oblat', no: 'oblat', en: 'plate' } as const;

export const BANNED_STICKER_WORDS: Record<keyof typeof STICKER_WORD, readonly RegExp[]> = {
  // Issue 27: "plade" / "nummerplade" and Norwegian "skilt" / "nummerskilt" too ("skilt med" is the
  // verb, separated by).
  da: [
    /qr-mærke/i,
    /klistermærke/i,
    /mærke-id/i,
    /\bsticker/i,
    /\boblatet\b/i,
    /\bet QR-/i,
    /nummerplade/i,
    /\bplade/i,
  ],
  no: [
    /qr-merke/i,
    /klistremerke/i,
    /merke-id/i,
    /\bsticker/i,
    /et merke med QR/i,
    /nummerskilt/i,
    /\bskilt(?!\s+med\b)/i,
  ],
  en: [/\bstickers?\b/i, /QR[- ]label/i],
};

/** The banned variants a text contains, for a readable failure. */
export function bannedStickerWordsIn(language: keyof typeof STICKER_WORD, text: string): string[] {
  return BANNED_STICKER_WORDS[language].filter((pattern) => pattern.test(text)).map(String);
}

/**
 * One word for the password per language (issue 27): Danish "adgangskode", the word the screens use
 * most, Norwegian "passord"; the English word crept into Danish and Norwegian texts and mails.
 */
export const PASSWORD_WORD = { da: 'adgangskode', no: 'passord', en: 'password' } as const;

export const BANNED_PASSWORD_WORDS: Record<keyof typeof PASSWORD_WORD, readonly RegExp[]> = {
  da: [/\bpassword/i, /kodeord/i],
  no: [/\bpassword/i],
  en: [],
};

/** The banned password variants a text contains. */
export function bannedPasswordWordsIn(language: keyof typeof PASSWORD_WORD, text: string): string[] {
  return BANNED_PASSWORD_WORDS[language].filter((pattern) => pattern.test(text)).map(String);
}
