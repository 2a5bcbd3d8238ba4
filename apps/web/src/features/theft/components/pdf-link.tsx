import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../ui/button.tsx';

/** The report as a PDF for the police or the insurer; opens in a new tab (the address is signed). */
export function PdfLink({ href }: { href: string }) {
  const { t } = useTranslation(['theft', 'common']);
  return (
    <LinkButton href={href} target="_blank" rel="noopener" variant="secondary">
      {t('report.openPdf')}
      <span className="visually-hidden"> {t('common:shell.opensInNewTab')}</span>
    </LinkButton>
  );
}
