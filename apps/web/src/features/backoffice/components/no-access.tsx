import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';

/** What a signed-in person without a staff role (or staff inside someone's account) sees in the backoffice. */
export function NoAccess() {
  const { t } = useTranslation('backoffice');
  const { claims } = useSession();
  return (
    <PageLayout title={t('noAccess.title')} width="reading">
      <p>{claims?.act ? t('noAccess.switched') : t('noAccess.body')}</p>
      <LinkButton href={paths.app.home.getHref()} variant="secondary">
        {t('noAccess.toApp')}
      </LinkButton>
    </PageLayout>
  );
}
