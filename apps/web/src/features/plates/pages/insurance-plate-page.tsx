import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../plates.module.css';
import { CODE_PARAM } from '../scan-routing.ts';

/**
 * /sticker-id/insurance-plate — a plate that came with a bike insurance. It is registered through
 * the insurer when the insurance starts, never by hand, so the page explains that instead.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  return <InsurancePlate code={searchParams.get(CODE_PARAM)?.trim() ?? ''} />;
}

/** The page's screen for `code`; the sticker page paints it itself before it moves here (issue 31). */
export function InsurancePlate({ code }: { code: string }) {
  const { t } = useTranslation(['plates', 'common']);
  const { isLoggedIn } = useSession();
  return (
    <PageLayout title={t('insurancePlate.title')} lead={t('insurancePlate.lead')} width="reading">
      {code ? (
        <Alert tone="info" announce="none">
          <p className={styles.code}>{t('insurancePlate.code', { code })}</p>
        </Alert>
      ) : null}
      <p>{t('insurancePlate.text')}</p>
      <p>{t('insurancePlate.notInsured')}</p>
      <div className={styles.actions}>
        <LinkButton
          href={isLoggedIn ? paths.app.home.getHref() : paths.public.home.getHref()}
          variant="secondary"
        >
          {isLoggedIn ? t('common:actions.goToApp') : t('common:actions.goHome')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
