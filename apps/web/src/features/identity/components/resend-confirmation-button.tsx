import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { useRequestEmailVerification } from '../api/request-email-verification.ts';
import styles from '../settings.module.css';

/**
 * Mails a new confirmation link: to the address waiting to replace the current one if there is one,
 * else to the unconfirmed current address (the API decides; `address` only says where it went).
 * Sending once per visit is enough: the button stays disabled after a link went out.
 */
export function ResendConfirmationButton({ address }: { address: string }) {
  const { t } = useTranslation('common');
  const resend = useRequestEmailVerification();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <div className={styles.stack}>
      <Button
        variant="secondary"
        size="small"
        isPending={resend.isPending}
        isDisabled={sentTo === address}
        onPress={() => resend.mutate(undefined, { onSuccess: () => setSentTo(address) })}
      >
        {t('emailConfirmation.resend')}
      </Button>
      {sentTo ? (
        <Alert tone="success">
          <p className={styles.address}>
            <Trans
              t={t}
              i18nKey="emailConfirmation.sent"
              values={{ email: sentTo }}
              components={{ strong: <EmailAddress /> }}
            />
          </p>
        </Alert>
      ) : null}
      {resend.isError ? <Alert tone="error">{errorMessage(resend.error, t)}</Alert> : null}
    </div>
  );
}
