import { type BikeDocument, DOCUMENT_KINDS, type DocumentKind } from '@nbr/domain/bikes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { Link } from '../../../ui/link.tsx';
import { useDeleteDocument, useUploadDocument } from '../api/files.ts';
import styles from '../bikes.module.css';
import { DOCUMENT_ACCEPT, documentProblem } from '../lib/file-checks.ts';
import { FileUpload } from './file-upload.tsx';

function formatSize(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  const format = new Intl.NumberFormat(language === 'no' ? 'nb' : language, { maximumFractionDigits: 1 });
  return megabytes >= 1 ? `${format.format(megabytes)} MB` : `${format.format(Math.max(1, bytes / 1024))} kB`;
}

/** Receipts, forms, lock certificates and other papers of the bike: list, upload, delete. */
export function DocumentSection({
  bikeId,
  documents,
}: {
  bikeId: string;
  documents: readonly BikeDocument[];
}) {
  const { t, i18n } = useTranslation(['bikes', 'common']);
  const upload = useUploadDocument(bikeId);
  const remove = useDeleteDocument(bikeId);
  const [doomed, setDoomed] = useState<BikeDocument | null>(null);
  return (
    <div className={styles.stack}>
      {documents.length === 0 ? (
        <p className={styles.muted}>{t('documents.none')}</p>
      ) : (
        <ul className={styles.documents}>
          {documents.map((document) => (
            <li key={document.document_id} className={styles.document}>
              {document.thumbnail_url ? (
                <img src={document.thumbnail_url} alt="" className={styles.documentThumb} loading="lazy" />
              ) : (
                <span className={`${styles.documentThumb} ${styles.documentIcon}`} aria-hidden="true">
                  PDF
                </span>
              )}
              <span className={styles.documentText}>
                <strong className={styles.breakAnywhere}>{document.file_name}</strong>
                <span className={styles.muted}>
                  {t(`documentKinds.${document.kind}`)} · {formatSize(document.size, i18n.language)} ·{' '}
                  {formatDate(document.created_at, i18n.language)}
                </span>
              </span>
              <span className={styles.galleryActions}>
                <Link href={document.url} external>
                  {t('documents.open')}
                </Link>
                <Button variant="quiet" size="small" onPress={() => setDoomed(document)}>
                  {t('documents.delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <FileUpload<DocumentKind>
        kinds={DOCUMENT_KINDS.map((value) => ({ value, label: t(`documentKinds.${value}`) }))}
        kindLabel={t('documents.kind')}
        defaultKind="receipt"
        accept={DOCUMENT_ACCEPT}
        problemOf={documentProblem}
        onUpload={(kind, file) => upload.mutateAsync({ kind, file })}
        chooseLabel={t('documents.choose')}
        cameraLabel={t('documents.camera')}
        successLabel={t('documents.uploaded')}
      />
      <p className={styles.muted}>{t('documents.privateHint')}</p>
      <ConfirmDialog
        isOpen={doomed !== null}
        onOpenChange={(open) => {
          if (!open) setDoomed(null);
        }}
        title={t('documents.deleteTitle')}
        confirmLabel={t('documents.deleteConfirm')}
        variant="danger"
        onConfirm={() => (doomed ? remove.mutateAsync(doomed.document_id) : undefined)}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('documents.deleteBody', { name: doomed?.file_name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
