import type { IdentitySearchResult } from '@nbr/domain/backoffice';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { Link } from '../../../ui/link.tsx';
import styles from '../backoffice.module.css';

export interface IdentityResultProps {
  person: IdentitySearchResult;
  /** Whether this is the signed-in staff member. */
  isSelf: boolean;
  isSwitching: boolean;
  onSwitch: (person: IdentitySearchResult) => void;
}

/** One person in the search: who they are, and the switch (refused by the API for staff and oneself). */
export function IdentityResult({ person, isSelf, isSwitching, onSwitch }: IdentityResultProps) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'da';
  const canSwitch = !isSelf && person.staff_role === null;
  const headingId = `person-${person.identity_party_id}`;
  return (
    <li className={`${staffPage.item} ${styles.result}`} aria-labelledby={headingId}>
      <div className={staffPage.stack}>
        <h3 id={headingId} className={staffPage.itemTitle}>
          <Link href={paths.backoffice.identity.getHref({ identityPartyId: person.identity_party_id })}>
            {person.name ?? t('identities.unnamed')}
          </Link>
        </h3>
        <dl className={`${staffPage.facts} ${styles.facts}`}>
          <div>
            <dt>{t('identities.email')}</dt>
            <dd>
              <EmailAddress plain>{person.email}</EmailAddress>
            </dd>
          </div>
          <div>
            <dt>{t('identities.signedUp')}</dt>
            <dd>{formatDate(person.signed_up_at, language)}</dd>
          </div>
        </dl>
        <ul className={styles.badges}>
          <li
            className={[styles.badge, person.verified_on && styles.badgeVerified].filter(Boolean).join(' ')}
          >
            {person.verified_on
              ? t('identities.verifiedOn', { date: formatDate(person.verified_on, language) })
              : t('identities.notVerified')}
          </li>
          {person.staff_role ? (
            <li className={`${styles.badge} ${styles.badgeStaff}`}>
              {person.staff_role === 'admin' ? t('identities.staffAdmin') : t('identities.staffSupport')}
            </li>
          ) : null}
          {isSelf ? <li className={styles.badge}>{t('identities.you')}</li> : null}
        </ul>
      </div>
      {canSwitch ? (
        <Button
          variant="secondary"
          size="small"
          aria-label={t('identities.switchLabel', { email: person.email })}
          isPending={isSwitching}
          onPress={() => onSwitch(person)}
        >
          {t('identities.switch')}
        </Button>
      ) : isSelf ? null : (
        <p className={styles.note}>{t('identities.cannotSwitchStaff')}</p>
      )}
    </li>
  );
}
