import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useContactConfirmation } from '../api/contact-owner.ts';
import styles from '../finds.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ways on from this page: back to the bike (to write again) or to the map; an account for the answers. */
function WaysOn({ bikeId, writeAgain, signUp }: { bikeId: string; writeAgain: boolean; signUp: boolean }) {
  const { t } = useTranslation('finds');
  return (
    <div className={styles.actions}>
      {signUp ? <LinkButton href={paths.auth.signup.getHref()}>{t('success.signUp')}</LinkButton> : null}
      {writeAgain && UUID.test(bikeId) ? (
        <LinkButton href={paths.app.contactBikeOwner.getHref({ bikeId })} variant="secondary">
          {t('confirm.writeAgain')}
        </LinkButton>
      ) : null}
      <LinkButton href={paths.public.stolenBikeMap.getHref()} variant="secondary">
        {t('success.toMap')}
      </LinkButton>
    </div>
  );
}

/**
 * /app/bikes/{bikeId}/contact-bike-owner/confirm?code=… — the link mailed to a visitor who wrote to a
 * bike's owner. Open to visitors (lib/access.ts): following it proves the address is theirs, and only
 * then does the message reach the owner. The code is posted once; following the link again says the
 * message was sent already.
 */
export function Component() {
  const { t } = useTranslation(['finds', 'common']);
  const { bikeId = '' } = useParams();
  const [search] = useSearchParams();
  const code = search.get('code')?.trim() ?? '';
  const { isLoggedIn } = useSession();
  const confirmation = useContactConfirmation(code);

  if (code && confirmation.isPending) {
    return (
      <PageLayout title={t('confirm.title')} width="form">
        <LoadingState label={t('confirm.sending')} />
      </PageLayout>
    );
  }

  const error = confirmation.error;
  const alreadySent = isApiError(error) && error.code === 'contact_already_sent';
  if (confirmation.data || alreadySent) {
    return (
      <PageLayout title={t('confirm.sentTitle')} width="form">
        <Alert tone="success" title={alreadySent ? t('confirm.alreadySent') : t('confirm.sent')}>
          <p>{t('confirm.sentText')}</p>
          <p>{t('confirm.answers')}</p>
          {isLoggedIn ? null : <p>{t('success.visitorAccount')}</p>}
        </Alert>
        <WaysOn bikeId={confirmation.data?.bike_id ?? bikeId} writeAgain={false} signUp={!isLoggedIn} />
      </PageLayout>
    );
  }

  const failure = !code ? 'missing' : isApiError(error) ? error.code : 'other';
  const reason =
    failure === 'missing'
      ? t('confirm.missingCode')
      : failure === 'contact_link_invalid' || failure === 'validation_failed'
        ? t('common:errors.contact_link_invalid')
        : failure === 'bike_not_stolen'
          ? t('confirm.notStolen')
          : failure === 'not_found'
            ? t('common:messages.bikeNotFound')
            : errorMessage(error, t);
  // Only a failure of the link itself is mended by writing again; the bike's own state is not.
  const writeAgain =
    failure === 'missing' || failure === 'contact_link_invalid' || failure === 'validation_failed';
  const final = writeAgain || failure === 'bike_not_stolen' || failure === 'not_found';
  return (
    <PageLayout title={t('confirm.failedTitle')} width="form">
      <Alert tone="error" announce="none">
        <p>{reason}</p>
      </Alert>
      {final ? null : (
        <div className={styles.actions}>
          <Button onPress={() => void confirmation.refetch()}>{t('common:actions.tryAgain')}</Button>
        </div>
      )}
      <WaysOn bikeId={bikeId} writeAgain={writeAgain} signUp={false} />
    </PageLayout>
  );
}
