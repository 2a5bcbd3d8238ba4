import type { InvitationDetails } from '@nbr/domain/organisations';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { sendToLogin } from '../../../lib/redirect.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useAcceptInvitation, useDeclineInvitation } from '../api/answer-invitation.ts';
import { useInvitation } from '../api/get-invitation.ts';
import styles from '../organisations.module.css';

type Outcome =
  | { kind: 'declined' }
  | { kind: 'invalid'; message: string }
  | { kind: 'error'; message: string };

/** Where a new member starts: an insurer's people on its admin pages, everyone else on the members page. */
function destinationAfterJoining(organisation: { party_id: string; type: string }): string {
  return organisation.type === 'insurance_company'
    ? paths.insurance.admin.getHref({ insurerPartyId: organisation.party_id })
    : paths.app.organisationMembers.getHref({ organisationId: organisation.party_id });
}

/**
 * /app/organisations/invitations/{code} — the link of an invitation mail. A visitor is sent to log in
 * (or sign up) first by the shell and comes back here. Only the account of the invited address may
 * answer; anyone else is told which address to log in with.
 */
export function Component() {
  const { t, i18n } = useTranslation(['organisations', 'common']);
  const code = useParams().code ?? '';
  const { claims, replaceToken, signOut } = useSession();
  const invitation = useInvitation(code);
  const accept = useAcceptInvitation(code);
  const decline = useDeclineInvitation(code);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [mismatch, setMismatch] = useState(false);

  const fail = (error: unknown) => {
    if (isApiError(error) && error.code === 'invitation_email_mismatch') setMismatch(true);
    else if (isApiError(error) && error.code === 'invitation_invalid')
      setOutcome({ kind: 'invalid', message: errorMessage(error, t) });
    else setOutcome({ kind: 'error', message: errorMessage(error, t) });
  };

  const onAccept = async () => {
    setOutcome(null);
    try {
      const joined = await accept.mutateAsync();
      replaceToken(joined.authentication_token);
      await navigate(destinationAfterJoining(joined.organisation), { replace: true });
      // The session now acts for the organisation: what was cached for the person is refetched.
      // After leaving this page, so the used invitation is not asked for again.
      void queryClient.invalidateQueries();
    } catch (error) {
      fail(error);
    }
  };

  const onDecline = async () => {
    setOutcome(null);
    try {
      await decline.mutateAsync();
      setOutcome({ kind: 'declined' });
    } catch (error) {
      fail(error);
    }
  };

  const logInAsInvited = async () => {
    const here = paths.app.organisationInvitation.getHref({ code });
    await signOut();
    sendToLogin('loggedIn', here);
  };

  if (invitation.isPending) {
    return (
      <PageLayout title={t('invitation.lead')} width="reading">
        <LoadingState />
      </PageLayout>
    );
  }

  const home = (
    <LinkButton href={paths.app.home.getHref()} variant="secondary">
      {t('invitation.home')}
    </LinkButton>
  );

  if (invitation.isError || outcome?.kind === 'invalid') {
    const message =
      outcome?.kind === 'invalid'
        ? outcome.message
        : isApiError(invitation.error) && invitation.error.code === 'invitation_invalid'
          ? errorMessage(invitation.error, t)
          : t('invitation.loadFailed');
    return (
      <PageLayout title={t('invitation.invalidTitle')} width="reading">
        <div className={styles.stack}>
          <Alert tone="error" announce="none">
            {message}
          </Alert>
          <p>{home}</p>
        </div>
      </PageLayout>
    );
  }

  const details: InvitationDetails = invitation.data;
  const name = details.organisation.name;
  const isOtherAccount = mismatch || (claims !== null && claims.email.toLowerCase() !== details.email);

  return (
    <PageLayout title={t('invitation.title', { name })} lead={t('invitation.lead')} width="reading">
      <div className={styles.stack}>
        <Card title={t('invitation.detailsTitle')} id="invitation">
          <dl className={styles.details}>
            <dt>{t('invitation.organisation')}</dt>
            <dd>{name}</dd>
            <dt>{t('invitation.type')}</dt>
            <dd>{t(`types.${details.organisation.type}`)}</dd>
            <dt>{t('invitation.role')}</dt>
            <dd>{t(`roles.${details.role}`)}</dd>
            <dt>{t('invitation.sentTo')}</dt>
            <dd className={styles.address}>{details.email}</dd>
            <dt>{t('invitation.expires')}</dt>
            <dd>{formatDate(details.expires_at, i18n.language)}</dd>
          </dl>
        </Card>
        {outcome?.kind === 'declined' ? (
          <>
            <Alert tone="success">{t('invitation.declined', { name })}</Alert>
            <p>{home}</p>
          </>
        ) : isOtherAccount ? (
          <>
            <Alert tone="warning" title={t('invitation.mismatchTitle')}>
              <p className={styles.address}>
                {t('invitation.mismatchBody', { email: details.email, current: claims?.email ?? '' })}
              </p>
            </Alert>
            <div className={styles.actions}>
              <Button variant="primary" onPress={() => void logInAsInvited()}>
                {t('invitation.switchAccount', { email: details.email })}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p>{t('invitation.explain', { name })}</p>
            {outcome?.kind === 'error' ? <Alert tone="error">{outcome.message}</Alert> : null}
            <div className={styles.actions}>
              <Button
                variant="primary"
                onPress={() => void onAccept()}
                isPending={accept.isPending}
                isDisabled={decline.isPending}
              >
                {t('invitation.accept')}
              </Button>
              <Button
                variant="secondary"
                onPress={() => void onDecline()}
                isPending={decline.isPending}
                isDisabled={accept.isPending}
              >
                {t('invitation.decline')}
              </Button>
            </div>
          </>
        )}
      </div>
    </PageLayout>
  );
}
