const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/** Every distinct URL in a plain-text mail, in order. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}
