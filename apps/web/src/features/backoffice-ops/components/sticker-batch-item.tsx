import type { StickerBatch } from '@nbr/domain/plates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { downloadStickerSheet } from '../api/download-sticker-sheet.ts';
import { AssignBatchDialog } from './assign-batch-dialog.tsx';

/** One printed batch: what and when, how many codes are used, who has it; print it, hand it out. */
export function StickerBatchItem({ batch, canAssign }: { batch: StickerBatch; canAssign: boolean }) {
  const { t, i18n } = useTranslation('backoffice-ops');
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [assigning, setAssigning] = useState(false);
  const created = formatDate(batch.created_at, i18n.language);

  const download = async () => {
    setFailure(null);
    setDownloading(true);
    try {
      await downloadStickerSheet(batch.id, `stickers-${batch.kind}-${batch.created_at.slice(0, 10)}.pdf`);
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <li className={staffPage.item}>
      <h3 className={staffPage.itemTitle}>
        {t('plates.batchTitle', { kind: t(`plates.kinds.${batch.kind}`), count: batch.count, date: created })}
      </h3>
      <dl className={staffPage.facts}>
        {batch.note ? (
          <div>
            <dt>{t('plates.note')}</dt>
            <dd>{batch.note}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('plates.usage')}</dt>
          <dd>
            {t('plates.usageValue', { free: batch.free, registered: batch.registered, void: batch.void })}
          </dd>
        </div>
        <div>
          <dt>{t('plates.assignedTo')}</dt>
          <dd>{batch.assigned_to ? batch.assigned_to.name : t('plates.notAssigned')}</dd>
        </div>
      </dl>
      <div className={staffPage.actions}>
        <Button variant="secondary" size="small" onPress={() => void download()} isPending={downloading}>
          {t('plates.downloadPdf')}
        </Button>
        {canAssign ? (
          <Button variant="secondary" size="small" onPress={() => setAssigning(true)}>
            {batch.assigned_to ? t('plates.changeAssignment') : t('plates.assign')}
          </Button>
        ) : null}
      </div>
      <ErrorSummary message={failure} />
      {canAssign ? <AssignBatchDialog batch={batch} isOpen={assigning} onOpenChange={setAssigning} /> : null}
    </li>
  );
}
