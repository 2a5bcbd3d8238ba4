import { type BikePicture, PICTURE_KINDS, type PictureKind } from '@nbr/domain/bikes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { Link } from '../../../ui/link.tsx';
import { useDeletePicture, useUploadPicture } from '../api/files.ts';
import styles from '../bikes.module.css';
import { PICTURE_ACCEPT, pictureProblem } from '../lib/file-checks.ts';
import { FileUpload } from './file-upload.tsx';

/** Lock proof pictures belong to a lock and are added on the equipment page. */
const BIKE_PICTURE_KINDS = PICTURE_KINDS.filter((kind) => kind !== 'lock_proof');

export function PictureGrid({ bikeId, pictures }: { bikeId: string; pictures: readonly BikePicture[] }) {
  const { t } = useTranslation(['bikes', 'common']);
  const remove = useDeletePicture(bikeId);
  const [doomed, setDoomed] = useState<BikePicture | null>(null);
  if (pictures.length === 0) return null;
  return (
    <>
      <ul className={styles.gallery}>
        {pictures.map((picture) => (
          <li key={picture.picture_id} className={styles.galleryItem}>
            <img
              src={picture.thumbnail_url ?? picture.url}
              alt={t('pictures.alt', { kind: t(`pictureKinds.${picture.kind}`) })}
              className={styles.galleryImage}
              loading="lazy"
            />
            <span className={styles.galleryLabel}>
              {t(`pictureKinds.${picture.kind}`)}
              {picture.kind === 'public' ? null : (
                <span className={styles.muted}> · {t('pictures.privateNote')}</span>
              )}
            </span>
            <span className={styles.galleryActions}>
              <Link href={picture.url} external>
                {t('pictures.open')}
              </Link>
              <Button variant="quiet" size="small" onPress={() => setDoomed(picture)}>
                {t('pictures.delete')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={doomed !== null}
        onOpenChange={(open) => {
          if (!open) setDoomed(null);
        }}
        title={t('pictures.deleteTitle')}
        confirmLabel={t('pictures.deleteConfirm')}
        variant="danger"
        onConfirm={() => (doomed ? remove.mutateAsync(doomed.picture_id) : undefined)}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('pictures.deleteBody', { kind: doomed ? t(`pictureKinds.${doomed.kind}`) : '' })}</p>
      </ConfirmDialog>
    </>
  );
}

/**
 * The bike's pictures (SPEC §3: frame number, plate, public, receipt, private): thumbnails, upload
 * (camera on phones) and delete. Only the public picture is ever shown to others.
 */
export function PictureSection({
  bikeId,
  pictures,
  defaultKind = 'public',
}: {
  bikeId: string;
  pictures: readonly BikePicture[];
  defaultKind?: PictureKind;
}) {
  const { t } = useTranslation('bikes');
  const upload = useUploadPicture(bikeId);
  const own = pictures.filter((picture) => picture.kind !== 'lock_proof');
  return (
    <div className={styles.stack}>
      {own.length === 0 ? <p className={styles.muted}>{t('pictures.none')}</p> : null}
      <PictureGrid bikeId={bikeId} pictures={own} />
      <FileUpload<PictureKind>
        kinds={BIKE_PICTURE_KINDS.map((value) => ({ value, label: t(`pictureKinds.${value}`) }))}
        kindLabel={t('pictures.kind')}
        defaultKind={defaultKind}
        accept={PICTURE_ACCEPT}
        problemOf={pictureProblem}
        onUpload={(kind, file) => upload.mutateAsync({ kind, file })}
        chooseLabel={t('pictures.choose')}
        cameraLabel={t('pictures.camera')}
        successLabel={t('pictures.uploaded')}
      />
      <p className={styles.muted}>{t('pictures.publicHint')}</p>
    </div>
  );
}
