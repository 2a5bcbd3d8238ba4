import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useStickerBatches } from '../api/list-sticker-batches.ts';
import styles from '../backoffice-ops.module.css';
import { StickerBatchForm } from '../components/sticker-batch-form.tsx';
import { StickerBatchItem } from '../components/sticker-batch-item.tsx';
import { StickerLookup } from '../components/sticker-lookup.tsx';
import { useStaffRole } from '../components/use-staff-role.ts';

/**
 * /backoffice/plates: printed stickers. Admins generate batches and hand them to organisations;
 * every staff member prints a batch's sheet, looks a code up and voids one that was lost.
 */
export function Component() {
  const { t } = useTranslation('backoffice-ops');
  const isAdmin = useStaffRole() === 'admin';
  const batches = useStickerBatches();
  return (
    <PageLayout title={t('plates.title')} lead={t('plates.lead')}>
      <div className={staffPage.stack}>
        {isAdmin ? (
          <Card title={t('plates.generateTitle')} id="generate">
            <StickerBatchForm />
          </Card>
        ) : null}
        <Card title={t('plates.lookupTitle')} id="lookup">
          <StickerLookup />
        </Card>
        <section aria-labelledby="batches-heading">
          <h2 id="batches-heading" className={styles.sectionHeading}>
            {t('plates.batchesTitle')}
          </h2>
          {batches.isPending ? <LoadingState /> : null}
          {batches.isError ? (
            <LoadError title={t('loadFailed')} error={batches.error} retry={() => void batches.refetch()} />
          ) : null}
          {batches.data && batches.data.items.length === 0 ? <p>{t('plates.noBatches')}</p> : null}
          {batches.data && batches.data.items.length > 0 ? (
            <ul className={staffPage.list} aria-label={t('plates.batchesTitle')}>
              {batches.data.items.map((batch) => (
                <StickerBatchItem key={batch.id} batch={batch} canAssign={isAdmin} />
              ))}
            </ul>
          ) : null}
        </section>
      </div>
    </PageLayout>
  );
}
