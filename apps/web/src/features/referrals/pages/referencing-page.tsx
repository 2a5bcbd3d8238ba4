import type { ReferralOverview, ReferredPerson } from '@nbr/domain/referrals';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useReferralOverview } from '../api/get-referral-overview.ts';
import { useMarkReferralNoticesSeen } from '../api/mark-referral-notices-seen.ts';
import { InvitationShare } from '../components/invitation-share.tsx';
import styles from '../referrals.module.css';

/**
 * /app/referencing (issue 30 §1): the person's invitation link and QR code to share, what an
 * invitation earns, the people who came through it (first name and status only) and news of
 * rewards granted or taken back since the last visit.
 */
export function Component() {
  const { t } = useTranslation('referrals');
  const overview = useReferralOverview();
  if (overview.isPending) return <LoadingState label={t('loading')} />;
  if (overview.isError) {
    return (
      <LoadErrorPage
        title={t('title')}
        alertTitle={t('loadFailed')}
        error={overview.error}
        retry={() => void overview.refetch()}
      />
    );
  }
  return <ReferencingView overview={overview.data} />;
}

function ReferencingView({ overview }: { overview: ReferralOverview }) {
  const { t } = useTranslation('referrals');
  const markSeen = useMarkReferralNoticesSeen();
  const marked = useRef(false);
  const hasNews = overview.notices.length > 0;
  useEffect(() => {
    // Shown now, the news is not news on the next visit.
    if (hasNews && !marked.current) {
      marked.current = true;
      markSeen.mutate();
    }
  }, [hasNews, markSeen]);

  return (
    <PageLayout title={t('title')} lead={t('lead')} width="reading">
      <div className={styles.stack}>
        {overview.notices.map((notice) => (
          <Alert
            key={notice.id}
            tone={notice.kind === 'reward_granted' ? 'success' : 'info'}
            title={t(`notices.${notice.kind}.title`)}
          >
            <p>{t(`notices.${notice.kind}.text`, { name: notice.first_name ?? t('someone') })}</p>
          </Alert>
        ))}
        <InvitationShare link={overview.link} code={overview.code} qrSvg={overview.qr_svg} />
        <Card title={t('reward.title')} id="reward">
          <p>{t('reward.rule', { count: overview.rewards_per_month })}</p>
          <p className={styles.earned} data-testid="credits-earned">
            {t('reward.earned', { count: overview.credits_earned })}
          </p>
        </Card>
        <Card title={t('people.title', { count: overview.referred.length })} id="people">
          {overview.referred.length === 0 ? (
            <p>{t('people.none')}</p>
          ) : (
            <ul className={styles.people} data-testid="referred-people">
              {overview.referred.map((person) => (
                // No id of another person reaches their inviter: the sign-up time (to the millisecond) tells them apart.
                <PersonRow key={`${person.signed_up_at}-${person.first_name ?? ''}`} person={person} />
              ))}
            </ul>
          )}
        </Card>
      </div>
    </PageLayout>
  );
}

function PersonRow({ person }: { person: ReferredPerson }) {
  const { t, i18n } = useTranslation('referrals');
  const name = person.deleted ? t('people.deleted') : (person.first_name ?? t('people.noName'));
  return (
    <li className={styles.person}>
      <span>
        <strong>{name}</strong>
        <br />
        <span className={styles.meta}>
          {t('people.signedUpOn', { date: formatDate(person.signed_up_at, i18n.resolvedLanguage ?? 'da') })}
          {person.reward ? ` · ${t(`people.reward.${person.reward}`)}` : ''}
        </span>
      </span>
      <span className={styles.badge}>{t(`people.status.${person.status}`)}</span>
    </li>
  );
}
