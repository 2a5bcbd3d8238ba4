import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';

/** /backoffice/v2: the day-to-day operations of the register, one card per screen. */
export function Component() {
  const { t } = useTranslation('backoffice-ops');
  const areas = [
    { id: 'orders', href: paths.backoffice.v2Orders.getHref() },
    { id: 'stolenBikes', href: paths.backoffice.v2StolenBikes.getHref() },
    { id: 'foundBikes', href: paths.backoffice.v2FoundBikes.getHref() },
    { id: 'diverse', href: paths.backoffice.v2Diverse.getHref() },
    { id: 'bulkImport', href: paths.backoffice.v2BulkImport.getHref() },
    { id: 'regionPages', href: paths.backoffice.v2RegionPages.getHref() },
    { id: 'plates', href: paths.backoffice.plates.getHref() },
    { id: 'insuranceVerification', href: paths.backoffice.v2InsuranceVerification.getHref() },
  ] as const;
  return (
    <PageLayout title={t('v2.title')} lead={t('v2.lead')}>
      <div className={staffPage.stack}>
        {areas.map((area) => (
          <Card key={area.id} title={t(`v2.${area.id}.title`)} id={`v2-${area.id}`}>
            <p>{t(`v2.${area.id}.body`)}</p>
            <LinkButton href={area.href}>{t(`v2.${area.id}.link`)}</LinkButton>
          </Card>
        ))}
      </div>
    </PageLayout>
  );
}
