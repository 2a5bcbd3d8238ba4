import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Given by the server while it paints a page (entry-server.tsx): the page's title goes into the
 * document it sends, where the browser shows it before any script runs. Null in the browser.
 */
export const PaintedTitleContext = createContext<((title: string) => void) | null>(null);

/** Sets the document title ("<page> – <site>"); the shell announces it after each navigation. */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation('common');
  const site = t('app.shortName');
  const documentTitle = title ? `${title} – ${site}` : site;
  useContext(PaintedTitleContext)?.(documentTitle);
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return null;
}
