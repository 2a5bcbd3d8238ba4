import { useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Select } from '../../../ui/select.tsx';
import styles from '../bikes.module.css';
import type { FileProblem } from '../lib/file-checks.ts';

export interface KindOption<K extends string> {
  value: K;
  label: string;
}

export interface FileUploadProps<K extends string> {
  /** What the chosen file will be stored as; one option hides the choice. */
  kinds: readonly KindOption<K>[];
  kindLabel: string;
  defaultKind: K;
  accept: string[];
  /** The client-side check (size, type) before anything is sent. */
  problemOf: (file: File) => FileProblem | null;
  onUpload: (kind: K, file: File) => Promise<unknown>;
  chooseLabel: string;
  /** Shown on phones: opens the camera straight away. */
  cameraLabel?: string;
  successLabel: string;
}

/** The text of a refused or failed upload. */
export function useUploadErrorText() {
  const { t } = useTranslation(['bikes', 'common']);
  return (failure: FileProblem | unknown): string => {
    const problem = failure as Partial<FileProblem> | null;
    if (problem && typeof problem === 'object' && 'code' in problem && !isApiError(failure)) {
      if (problem.code === 'file_too_large')
        return t('common:errors.file_too_large', { maximum: String(problem.maximumMb) });
      if (problem.code === 'empty_file') return t('files.emptyFile');
      return t('common:errors.unsupported_file_type');
    }
    if (isApiError(failure) && failure.code === 'file_too_large') return t('files.tooLargeServer');
    return errorMessage(failure, t);
  };
}

/**
 * Pick a file (or, on a phone, take a picture), check it here, then upload it at once. The result is
 * announced; a refused file never leaves the device.
 */
export function FileUpload<K extends string>({
  kinds,
  kindLabel,
  defaultKind,
  accept,
  problemOf,
  onUpload,
  chooseLabel,
  cameraLabel,
  successLabel,
}: FileUploadProps<K>) {
  const [kind, setKind] = useState<K>(defaultKind);
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'uploading' } | { kind: 'done' } | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const errorText = useUploadErrorText();
  const statusId = useId();

  const onSelect = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const problem = problemOf(file);
    if (problem) {
      setState({ kind: 'failed', message: errorText(problem) });
      return;
    }
    setState({ kind: 'uploading' });
    try {
      await onUpload(kind, file);
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', message: errorText(error) });
    }
  };

  const busy = state.kind === 'uploading';
  return (
    <div className={styles.upload}>
      {kinds.length > 1 ? (
        <Select
          label={kindLabel}
          value={kind}
          onChange={(value) => setKind(value as K)}
          options={kinds}
          className={styles.uploadKind}
        />
      ) : null}
      <div className={styles.uploadButtons}>
        {cameraLabel ? (
          <span className={styles.cameraOnly}>
            <FileTrigger acceptedFileTypes={['image/*']} defaultCamera="environment" onSelect={onSelect}>
              <Button variant="secondary" isPending={busy} aria-describedby={statusId}>
                {cameraLabel}
              </Button>
            </FileTrigger>
          </span>
        ) : null}
        <FileTrigger acceptedFileTypes={accept} onSelect={onSelect}>
          <Button variant="secondary" isPending={busy} aria-describedby={statusId}>
            {chooseLabel}
          </Button>
        </FileTrigger>
      </div>
      <div id={statusId}>
        {state.kind === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
        {state.kind === 'done' ? <Alert tone="success">{successLabel}</Alert> : null}
      </div>
    </div>
  );
}
