import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { usePersonReferrals } from '../api/get-person-referrals.ts';
import styles from '../backoffice.module.css';

/**
 * The person's referrals on their backoffice page (issue 30 §1): their code, who invited them, and
 * whom they invited with the reward decided for each (granted, taken back, kept, refused and why).
 */
export function PersonReferrals({ partyId }: { partyId: string }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'da';
  const referrals = usePersonReferrals(partyId);
  const personLink = (id: string, name: string | null) => (
    <Link href={paths.backoffice.identity.getHref({ identityPartyId: id })}>
      {name ?? t('referrals.unnamed')}
    </Link>
  );
  return (
    <Card title={t('referrals.title', { count: referrals.data?.referred.length ?? 0 })} id="referrals">
      {referrals.isPending ? (
        <LoadingState label={t('referrals.loading')} />
      ) : referrals.isError ? (
        <LoadError title={t('loadFailed')} error={referrals.error} retry={() => void referrals.refetch()} />
      ) : (
        <>
          <p className={styles.note}>
            {referrals.data.code ? t('referrals.code', { code: referrals.data.code }) : t('referrals.noCode')}
          </p>
          <p className={styles.note}>
            {referrals.data.referred_by ? (
              <>
                {t('referrals.invitedBy')}{' '}
                {personLink(referrals.data.referred_by.party_id, referrals.data.referred_by.name)}
              </>
            ) : (
              t('referrals.notInvited')
            )}
          </p>
          {referrals.data.referred.length === 0 ? (
            <p className={styles.note}>{t('referrals.none')}</p>
          ) : (
            <ul className={styles.rows} data-testid="person-referrals">
              {referrals.data.referred.map((person) => (
                <li key={person.party_id} className={styles.row}>
                  {person.deleted ? t('referrals.deleted') : personLink(person.party_id, person.name)} ·{' '}
                  {t('referrals.signedUp', { date: formatDate(person.signed_up_at, language) })} ·{' '}
                  {t(`referrals.status.${person.status}`)}
                  {person.reward ? ` · ${t(`referrals.reward.${person.reward}`)}` : ''}
                  {person.refusal ? ` (${t(`referrals.refusal.${person.refusal}`)})` : ''}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
