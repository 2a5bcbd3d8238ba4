import type { Profile } from '@nbr/domain/identity';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { verificationBeginHref } from '../../../lib/verification-return.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import styles from '../settings.module.css';
import { NotWhileSwitched } from './not-while-switched.tsx';
import { ResendConfirmationButton } from './resend-confirmation-button.tsx';

function Badge({ isOk, children }: { isOk: boolean; children: string }) {
  return (
    <span className={`${styles.badge} ${isOk ? styles.ok : styles.notOk}`}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        {isOk ? (
          <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
        ) : (
          <path d="M8 3v6M8 11.5v1.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
        )}
      </svg>
      {children}
    </span>
  );
}

/**
 * What has been verified: the e-mail address (with a new link on request) and the national digital
 * identity, MitID in Denmark and BankID in Norway, with the way to verify it. The identity check
 * needs a confirmed e-mail (the API refuses it before): until then the identity row says so and
 * offers the new link where the Verify button would be, and the e-mail row does not repeat it.
 */
export function VerificationSection({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const provider = t(`verification.providers.${profile.region}`);
  // Set by the verification redirect pages when they bring the user back here.
  const location = useLocation();
  const justVerified =
    Boolean(profile.verified_on) &&
    (location.state as { verification?: string } | null)?.verification === 'verified';
  const needsEmailFirst = !profile.email_verified && !profile.verified_on;
  const { isSwitched } = useSession();

  return (
    <Card title={t('verification.title')} id="verification">
      <ul className={styles.statusList}>
        <li className={styles.statusRow}>
          <span className={styles.statusLabel}>{t('verification.emailTitle')}</span>
          <Badge isOk={profile.email_verified}>
            {profile.email_verified ? t('verification.emailVerified') : t('verification.emailNotVerified')}
          </Badge>
          {profile.email_verified ? null : (
            <div className={styles.stack}>
              <p className={`${styles.muted} ${styles.address}`}>
                <Trans
                  t={t}
                  i18nKey="verification.emailNotVerifiedHelp"
                  values={{ email: profile.email }}
                  components={{ strong: <EmailAddress /> }}
                />
              </p>
              {needsEmailFirst ? null : <ResendConfirmationButton address={profile.email} />}
            </div>
          )}
        </li>
        <li className={styles.statusRow}>
          <span className={styles.statusLabel}>{t('verification.identityTitle', { provider })}</span>
          <Badge isOk={Boolean(profile.verified_on)}>
            {profile.verified_on
              ? t('verification.identityVerified', { date: formatDate(profile.verified_on, i18n.language) })
              : t('verification.identityNotVerified')}
          </Badge>
          {profile.verified_on && profile.verified_name ? (
            <p className={styles.muted}>
              {t('verification.verifiedAs', { provider, name: profile.verified_name })}{' '}
              {t('verification.verifiedAsKeepsName')}
            </p>
          ) : null}
          {justVerified ? <Alert tone="success">{t('verification.justVerified', { provider })}</Alert> : null}
          {profile.verified_on ? null : (
            <p className={styles.muted}>{t('verification.identityHelp', { provider })}</p>
          )}
          {profile.verified_on ? null : isSwitched ? (
            // Staff using the account must never tie their own MitID/BankID to it.
            <NotWhileSwitched />
          ) : needsEmailFirst ? (
            <div className={styles.stack}>
              <Alert tone="warning" announce="none">
                <p className={styles.address}>
                  <Trans
                    t={t}
                    i18nKey="verification.emailFirst"
                    values={{ provider, email: profile.email }}
                    components={{ strong: <EmailAddress /> }}
                  />
                </p>
              </Alert>
              <ResendConfirmationButton address={profile.email} />
            </div>
          ) : (
            <div className={styles.stack}>
              <LinkButton
                href={verificationBeginHref({ next: paths.app.settings.getHref() })}
                size="small"
                aria-describedby="verify-identity-help"
              >
                {t('verification.verify', { provider })}
              </LinkButton>
              <p className={styles.muted} id="verify-identity-help">
                {t('verification.verifyHelp', { provider })}
              </p>
            </div>
          )}
        </li>
      </ul>
    </Card>
  );
}
