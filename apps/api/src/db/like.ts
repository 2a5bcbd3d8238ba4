/*
 * LIKE and ILIKE patterns made from what a person typed: their `%`, `_` and `\` stand for
 * themselves (PostgreSQL's default escape character is `\`), so a search for "50%" finds "50%".
 */

/** The text as a literal part of a pattern. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** A pattern for values containing the text anywhere. */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}
