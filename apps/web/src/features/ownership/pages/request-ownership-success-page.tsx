import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../ownership.module.css';

const NEXT_STEPS = ['owner', 'chat', 'offer', 'accept'] as const;

/** /app/bikes/request-ownership/success/{chatId} — the request went out; what happens next. */
export function Component() {
  const { chatId = '' } = useParams();
  const { t } = useTranslation('ownership');
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
