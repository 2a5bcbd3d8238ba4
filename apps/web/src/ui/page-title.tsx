import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title ("<page> – <site>"); the shell announces it after each navigation. */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation('common');
  const site = t('app.shortName');
  useEffect(() => {
    document.title = title ? `${title} – ${site}` : site;
  }, [title, site]);
  return null;
}
