import { useState } from 'react';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import styles from '../organisations.module.css';

export interface SecretShownOnceTexts {
  title: string;
  body: string;
  copy: string;
  copied: string;
  copyFailed: string;
  hide: string;
}

/**
 * A secret the API answers once (an API key, a webhook's signing secret): shown with a way to copy
 * it, and gone for good when the admin says it is stored (or leaves the page).
 */
export function SecretShownOnce({
  secret,
  texts,
  testId,
  onHide,
}: {
  secret: string;
  texts: SecretShownOnceTexts;
  testId: string;
  onHide: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Alert tone="success" title={texts.title}>
      <p>{texts.body}</p>
      <p className={styles.secret} data-testid={testId}>
        {secret}
      </p>
      <div className={styles.actions}>
        <Button size="small" variant="secondary" onPress={() => void copy()}>
          {texts.copy}
        </Button>
        <Button size="small" variant="secondary" onPress={onHide}>
          {texts.hide}
        </Button>
      </div>
      {copied === 'yes' ? <p role="status">{texts.copied}</p> : null}
      {copied === 'failed' ? <p role="status">{texts.copyFailed}</p> : null}
    </Alert>
  );
}
