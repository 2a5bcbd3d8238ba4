import { parseContentInline } from '@nbr/domain/content-markup';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/*
 * The texts stay plain text (the content pages' JSON, staff's stored texts and region pages): links
 * written in the markup (`[what it says](/webshop)`, content-markup.ts) and bare e-mail and www.*
 * addresses become links; React escapes the rest, no HTML is ever injected. A link to one of our own
 * paths navigates inside the app (the router's Link; not ui/Link, whose react-aria parts would be
 * split out of the first route's shared chunk), one to another site opens a new tab and says so.
 */
const LINKABLE = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+|www\.[\w-]+(?:\.[\w-]+)+)/g;

/** Plain text with its e-mail and web addresses made clickable. */
function LinkedAddresses({ text }: { text: string }) {
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

/** Plain text with the markup's links and its bare e-mail and web addresses made clickable. */
export function RichText({ text }: { text: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      {parseContentInline(text).map((part, index) => {
        const key = `${index}-${part.text}`;
        if (!('href' in part)) return <LinkedAddresses key={key} text={part.text} />;
        if (part.isInternal) {
          return (
            <Link key={key} to={part.href}>
              {part.text}
            </Link>
          );
        }
        if (!part.href.startsWith('https:')) {
          return (
            <a key={key} href={part.href}>
              {part.text}
            </a>
          );
        }
        return (
          <a key={key} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
            <span className="visually-hidden"> {t('shell.opensInNewTab')}</span>
          </a>
        );
      })}
    </>
  );
}
