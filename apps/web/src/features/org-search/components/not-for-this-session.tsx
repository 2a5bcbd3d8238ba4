import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';

/** Not acting for the police, a municipality or an insurer: what this page is, and how to get there. */
export function NotForThisSession() {
  const { t } = useTranslation('org-search');
  return (
    <Alert tone="info" title={t('notAllowed.title')} announce="none">
      <p>{t('notAllowed.text')}</p>
      <LinkButton href={paths.app.settings.getHref()} size="small">
        {t('notAllowed.action')}
      </LinkButton>
    </Alert>
  );
}
