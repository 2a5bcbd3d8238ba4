import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../ui/link.tsx';

/**
 * The way to the NAF page (the club's member price, paid with Vipps) from the pages where a member
 * would look for it: the webshop and the purchase page. NAF is Norway's club, so shown in Norway.
 */
export function ClubLink() {
  const { t } = useTranslation('club');
  return (
    <p data-testid="club-link">
      {t('club:links.question')}{' '}
      <Link href={paths.app.bikesRegisterPurchaseClub.getHref()}>{t('club:links.toClubPage')}</Link>
    </p>
  );
}
