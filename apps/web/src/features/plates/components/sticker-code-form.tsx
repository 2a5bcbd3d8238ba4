import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from '../plates.module.css';
import { stickerPageHref } from '../scan-routing.ts';

/**
 * Type a sticker's code, or paste the address a phone's camera read from its QR code; then the
 * sticker page routes it exactly as a scan (scan-routing.ts).
 */
export function StickerCodeForm({ defaultValue = '' }: { defaultValue?: string }) {
  const { t } = useTranslation(['plates', 'common']);
  const navigate = useNavigate();
  const [text, setText] = useState(defaultValue);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('required');
      return;
    }
    const href = stickerPageHref(text);
    if (!href) {
      setError(t('common:messages.invalidId'));
      return;
    }
    setError(null);
    void navigate(href);
  };

  return (
    <form onSubmit={onSubmit} noValidate className={styles.codeForm}>
      <TextField
        label={t('codeForm.label')}
        description={t('codeForm.hint')}
        name="sticker"
        value={text}
        onChange={(value) => {
          setText(value);
          if (error) setError(null);
        }}
        error={error}
        autoComplete="off"
        spellCheck="false"
      />
      <Button type="submit" className={styles.codeButton}>
        {t('codeForm.submit')}
      </Button>
    </form>
  );
}
