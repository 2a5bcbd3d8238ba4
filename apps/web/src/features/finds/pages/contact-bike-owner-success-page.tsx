import { CONTACT_CONFIRMATION_TTL_HOURS } from '@nbr/domain/finds';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../finds.module.css';

/**
 * What the contact page hands to this page in the history state: a visitor's address (never in the
 * URL, where it would end up in the history and in logs). Lost on a reload, which the text survives.
 */
export interface ContactSuccessState {
  email: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /app/bikes/{bikeId}/contact-bike-owner/success — a signed-in sender's message is with the owner and
 * they go on in the chat. A visitor's message waits: they are asked to confirm it with the link
 * mailed to their address (…/confirm), and only then does it reach the owner.
 */
export function Component() {
  const { t } = useTranslation(['finds', 'common']);
  const { bikeId = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const chatId = search.get('chat');
  const email = (location.state as ContactSuccessState | null)?.email ?? null;
  const hasChat = isLoggedIn && chatId !== null && UUID.test(chatId);

  if (!hasChat) {
    return (
      <PageLayout title={t('success.visitorTitle')} width="form">
        <Alert tone="info" title={t('success.visitorPending')}>
          <p>
            {email ? (
              <Trans
                t={t}
                i18nKey="success.visitorCheckAt"
                values={{ email }}
                components={{ strong: <strong className={styles.address} /> }}
              />
            ) : (
              t('success.visitorCheck')
            )}
          </p>
          <p>{t('success.visitorLink', { hours: CONTACT_CONFIRMATION_TTL_HOURS })}</p>
          <p>{t('success.visitorNoMail')}</p>
        </Alert>
        <div className={styles.actions}>
          {bikeId ? (
            <LinkButton href={paths.app.contactBikeOwner.getHref({ bikeId })} variant="secondary">
              {t('success.writeAgain')}
            </LinkButton>
          ) : null}
          <LinkButton href={paths.public.stolenBikeMap.getHref()} variant="secondary">
            {t('success.toMap')}
          </LinkButton>
        </div>
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('success.title')} width="form">
      <Alert tone="success" title={t('success.sent')}>
        <p>{t('success.memberText')}</p>
      </Alert>
      <div className={styles.actions}>
        {chatId ? (
          <LinkButton href={paths.app.chat.getHref({ chatId })}>{t('success.openChat')}</LinkButton>
        ) : null}
        {bikeId ? (
          <LinkButton href={paths.app.contactBikeOwner.getHref({ bikeId })} variant="secondary">
            {t('success.writeMore')}
          </LinkButton>
        ) : null}
        <LinkButton href={paths.public.stolenBikeMap.getHref()} variant="secondary">
          {t('success.toMap')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
