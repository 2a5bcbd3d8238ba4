import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Link } from '../../../ui/link.tsx';
import { useReferralNews } from '../api/get-referral-overview.ts';

/**
 * News of a referral reward on the app's start page (issue 30 §1: the inviter is told in the app as
 * well as by mail): the newest reward granted or taken back that the person has not seen, with the
 * way to their invitations, where it is marked seen. Nothing while there is none.
 */
export function ReferralNews() {
  const { t } = useTranslation('referrals');
  const news = useReferralNews();
  const latest = news.data?.notices[0];
  if (!latest) return null;
  return (
    <Alert
      tone={latest.kind === 'reward_granted' ? 'success' : 'info'}
      title={t(`notices.${latest.kind}.title`)}
      announce="none"
    >
      <p>{t(`notices.${latest.kind}.text`, { name: latest.first_name ?? t('someone') })}</p>
      <Link href={paths.app.referencing.getHref()}>{t('news.link')}</Link>
    </Alert>
  );
}
