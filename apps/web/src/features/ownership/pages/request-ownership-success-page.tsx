import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useOwnershipRequests } from '../../../lib/api/ownership/requests.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import styles from '../ownership.module.css';

const NEXT_STEPS = ['owner', 'chat', 'offer', 'accept'] as const;

/**
 * /app/bikes/request-ownership/success/{chatId} — the request went out; what happens next. Said only
 * when sending it led here, or when the person has sent a request in that chat; opened by an address
 * that names none of theirs, the page claims nothing.
 */
export function Component() {
  const { chatId = '' } = useParams();
  const { t } = useTranslation('ownership');
  const sent = (useLocation().state as { sent?: boolean } | null)?.sent === true;
  const requests = useOwnershipRequests();
  const known = requests.data?.some(
    (request) => request.chat_id === chatId && request.direction === 'outgoing',
  );
  if (!sent && !known) {
    if (requests.isPending) return <LoadingState />;
    return (
      <PageLayout title={t('request.unknownTitle')} width="form">
        <p>{t('request.unknownText')}</p>
        <div className={styles.actions}>
          <LinkButton href={paths.app.bikesOwnershipPortal.getHref()}>{t('transfer.toPortal')}</LinkButton>
        </div>
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t('request.successTitle')} width="form">
      <Alert tone="success" title={t('request.successHeading')}>
        <p>{t('request.successText')}</p>
      </Alert>
      <Card title={t('request.nextTitle')} id="request-next">
        <ol className={styles.steps}>
          {NEXT_STEPS.map((step) => (
            <li key={step}>{t(`request.next.${step}`)}</li>
          ))}
        </ol>
      </Card>
      <div className={styles.actions}>
        <LinkButton href={paths.app.chat.getHref({ chatId })}>{t('request.openChat')}</LinkButton>
        <LinkButton href={paths.app.bikesOwnershipPortal.getHref()} variant="secondary">
          {t('transfer.toPortal')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
