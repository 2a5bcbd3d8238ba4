import { useEffect, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import styles from '../bikes.module.css';
import { PICTURE_ACCEPT, pictureProblem } from '../lib/file-checks.ts';
import { useUploadErrorText } from './file-upload.tsx';

/** Chooses one picture to upload later (once the bike exists), with a preview and the size/type check. */
export function PicturePicker({
  file,
  onChange,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation('bikes');
  const errorText = useUploadErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onSelect = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    const refused = pictureProblem(chosen);
    setProblem(refused ? errorText(refused) : null);
    onChange(refused ? null : chosen);
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('register.pictureLabel')}</legend>
      <p className={styles.muted}>{t('register.pictureHint')}</p>
      {preview ? (
        <img src={preview} alt={t('register.picturePreview')} className={styles.previewImage} />
      ) : null}
      <div className={styles.uploadButtons}>
        <span className={styles.cameraOnly}>
          <FileTrigger acceptedFileTypes={['image/*']} defaultCamera="environment" onSelect={onSelect}>
            <Button variant="secondary">{t('pictures.camera')}</Button>
          </FileTrigger>
        </span>
        <FileTrigger acceptedFileTypes={PICTURE_ACCEPT} onSelect={onSelect}>
          <Button variant="secondary">{file ? t('register.pictureReplace') : t('pictures.choose')}</Button>
        </FileTrigger>
        {file ? (
          <Button variant="quiet" onPress={() => onChange(null)}>
            {t('register.pictureRemove')}
          </Button>
        ) : null}
      </div>
      {file ? (
        <p className={styles.breakAnywhere}>{t('register.pictureChosen', { name: file.name })}</p>
      ) : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </fieldset>
  );
}
