import { Fragment } from 'react';

/*
 * E-mail addresses and www.* addresses in the texts become links, so the texts stay plain text (the
 * content pages' JSON and staff's stored texts): React escapes the rest, no HTML is ever injected.
 */
const LINKABLE = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+|www\.[\w-]+(?:\.[\w-]+)+)/g;

/** Plain text with its e-mail and web addresses made clickable. */
export function RichText({ text }: { text: string }) {
  const parts = text.split(LINKABLE);
  return (
    <>
      {parts.map((part, index) => {
        // split() with one capture group puts the matches at the odd positions.
        const key = `${index}-${part}`;
        if (index % 2 === 0) return <Fragment key={key}>{part}</Fragment>;
        const href = part.includes('@') ? `mailto:${part}` : `https://${part}`;
        return (
          <a key={key} href={href}>
            {part}
          </a>
        );
      })}
    </>
  );
}
