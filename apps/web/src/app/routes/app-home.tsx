import type { Profile } from '@nbr/domain/identity';
import { NATIONAL_IDENTITY_BY_REGION, NATIONAL_IDENTITY_NAMES } from '@nbr/domain/national-identity';
import { useTranslation } from 'react-i18next';
import { LoadErrorPage } from '../../components/load-error.tsx';
import { paths } from '../../config/paths.ts';
import { HomeBikesCard } from '../../features/bikes/components/home-bikes-card.tsx';
import { ResendConfirmationButton } from '../../features/identity/components/resend-confirmation-button.tsx';
import { ReferralNews } from '../../features/referrals/components/referral-news.tsx';
import { useProfile } from '../../lib/api/identity/get-profile.ts';
import { formatDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { verificationBeginHref } from '../../lib/verification-return.ts';
import { Alert } from '../../ui/alert.tsx';
import { LinkButton } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { EmailAddress } from '../../ui/email-address.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Link } from '../../ui/link.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import { LoadingState } from '../../ui/spinner.tsx';
import styles from './app-home.module.css';
import { PendingActionsCard } from './pending-actions.tsx';

interface ProfileStep {
  key: 'stepEmail' | 'stepName' | 'stepAddress' | 'stepPhone';
  isDone: boolean;
}

/** What makes a profile useful to police and insurers when a bike is stolen. */
export function profileSteps(profile: Profile): ProfileStep[] {
  return [
    { key: 'stepEmail', isDone: profile.email_verified },
    { key: 'stepName', isDone: Boolean(profile.first_name && profile.last_name) || Boolean(profile.name) },
    { key: 'stepAddress', isDone: Boolean(profile.street_address && profile.zip_code && profile.city) },
    { key: 'stepPhone', isDone: Boolean(profile.mobile || profile.phone) },
  ];
}

function EmailStatus({ profile }: { profile: Profile }) {
  const { t } = useTranslation('common');

  return (
    <>
      {profile.email_verified ? (
        <p className={`${styles.status} ${styles.ok}`}>
          <Icon name="check" />
          {t('appHome.emailVerified')}
        </p>
      ) : (
        // Information, not a warning: every new person starts here, and the mail is on its way.
        <Alert tone="info" title={t('appHome.emailNotVerified')} announce="none">
          <p>{t('appHome.emailNotVerifiedText', { email: profile.email })}</p>
        </Alert>
      )}
      {profile.pending_email ? (
        <Alert tone="info" announce="none">
          <p>{t('appHome.pendingEmail', { email: profile.pending_email })}</p>
        </Alert>
      ) : null}
      {!profile.email_verified || profile.pending_email ? (
        <div className={styles.resend}>
          <ResendConfirmationButton address={profile.pending_email ?? profile.email} />
        </div>
      ) : null}
    </>
  );
}

/** /app — the signed-in start page: who you are, what is missing, what the register does. */
export function Component() {
  const { t, i18n } = useTranslation('common');
  const { claims } = useSession();
  const profile = useProfile();

  const name = profile.data?.first_name ?? profile.data?.name ?? null;
  const title = name ? t('appHome.greeting', { name }) : t('appHome.greetingNoName');

  if (profile.isPending) return <LoadingState />;
  if (profile.isError || !profile.data) {
    return (
      <LoadErrorPage
        title={t('appHome.title')}
        alertTitle={t('appHome.loadFailed')}
        error={profile.error}
        retry={() => void profile.refetch()}
      />
    );
  }

  const data = profile.data;
  const steps = profileSteps(data);
  const done = steps.filter((step) => step.isDone).length;
  const provider = NATIONAL_IDENTITY_NAMES[NATIONAL_IDENTITY_BY_REGION[data.region]];

  return (
    <PageLayout title={title} lead={t('appHome.lead')}>
      <ReferralNews />
      <PendingActionsCard />
      <HomeBikesCard />
      <div className={styles.grid}>
        <Card title={t('appHome.accountTitle')} id="account">
          <dl className={styles.details}>
            <dt>{t('appHome.email')}</dt>
            <dd>
              <EmailAddress plain>{data.email}</EmailAddress>
            </dd>
          </dl>
          <EmailStatus profile={data} />
          <p className={`${styles.status} ${claims?.verified_on ? styles.ok : ''}`}>
            {claims?.verified_on ? <Icon name="check" /> : null}
            {t(claims?.verified_on ? 'appHome.identityVerified' : 'appHome.identityNotVerified', {
              provider,
            })}
          </p>
          {claims?.verified_on ? null : (
            // The check needs a confirmed address first; until then the e-mail notice above leads.
            <p className={styles.verify}>
              {data.email_verified ? (
                <Link href={verificationBeginHref({ next: paths.app.home.getHref() })}>
                  {t('appHome.verifyIdentity', { provider })}
                </Link>
              ) : (
                t('appHome.verifyIdentityLater', { provider })
              )}
            </p>
          )}
          <p>{t('appHome.memberSince', { date: formatDate(data.signed_up_at, i18n.language) })}</p>
          <LinkButton href={paths.app.settings.getHref()} variant="primary">
            {t('appHome.settingsLink')}
          </LinkButton>
        </Card>

        <Card title={t('appHome.profileTitle')} id="profile">
          <p>{t('appHome.profileLead')}</p>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t('appHome.profileProgress', { done, total: steps.length })}
            aria-valuemin={0}
            aria-valuemax={steps.length}
            aria-valuenow={done}
          >
            <div className={styles.progressFill} style={{ width: `${(done / steps.length) * 100}%` }} />
          </div>
          <p>
            {done === steps.length
              ? t('appHome.profileComplete')
              : t('appHome.profileProgress', { done, total: steps.length })}
          </p>
          <ul className={styles.steps}>
            {steps.map((step) => (
              <li key={step.key} className={`${styles.step} ${step.isDone ? styles.stepDone : ''}`}>
                <span className={styles.stepMark} aria-hidden="true">
                  {step.isDone ? <Icon name="check" size={16} /> : null}
                </span>
                <span className={styles.stepLabel}>{t(`appHome.${step.key}`)}</span>
                <span className={styles.stepState}>
                  {step.isDone ? t('appHome.stepDone') : t('appHome.stepTodo')}
                </span>
              </li>
            ))}
          </ul>
          {done < steps.length ? (
            <LinkButton href={paths.app.settings.getHref()} variant="secondary">
              {t('appHome.settingsLink')}
            </LinkButton>
          ) : null}
        </Card>
      </div>

      <Card title={t('appHome.nextTitle')} id="next">
        <ul className={styles.features}>
          <li>{t('appHome.nextRegister')}</li>
          <li>{t('appHome.nextStolen')}</li>
          <li>{t('appHome.nextTransfer')}</li>
        </ul>
      </Card>
    </PageLayout>
  );
}
