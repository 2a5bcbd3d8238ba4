import { Children, Fragment, type ReactNode } from 'react';
import styles from './email-address.module.css';

/**
 * Where a long address may wrap: after the @ and before each dot inside it (`ann.berg@` /
 * `forsikring` / `.dk`), as the style guides for addresses do. A dot that ends a sentence (followed
 * by a space or nothing) is no such point.
 */
export function addressParts(text: string): string[] {
  return text.split(/(?<=@)|(?=\.[^\s.])/).filter((part) => part !== '');
}

/**
 * An e-mail address in bold that wraps at sensible points on a narrow screen instead of mid-word
 * (issue 27), and anywhere only as a last resort (a part longer than the line). Used as Trans's
 * `strong` around `{{email}}`; the break points are <wbr>, so a copied address stays whole.
 */
export function EmailAddress({ children, plain = false }: { children?: ReactNode; plain?: boolean }) {
  const parts = Children.map(children, (child) => (typeof child === 'string' ? withBreaks(child) : child));
  // plain: an address standing as a value of its own (a list of details), not stressed in a sentence.
  return plain ? (
    <span className={styles.address}>{parts}</span>
  ) : (
    <strong className={styles.address}>{parts}</strong>
  );
}

function withBreaks(text: string): ReactNode[] {
  let offset = 0;
  return addressParts(text).map((part) => {
    const start = offset;
    offset += part.length;
    return (
      <Fragment key={start}>
        {start > 0 ? <wbr /> : null}
        {part}
      </Fragment>
    );
  });
}
