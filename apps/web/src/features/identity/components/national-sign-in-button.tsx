import type { Region } from '@nbr/domain/locale';
import { NATIONAL_IDENTITY_BY_REGION, NATIONAL_IDENTITY_NAMES } from '@nbr/domain/national-identity';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { useStartNationalSignIn } from '../api/start-national-sign-in.ts';
import styles from '../auth.module.css';
import { rememberNationalSignIn } from '../national-sign-in.ts';

/**
 * "Log in with MitID" (dk) / "BankID" (no) on /login and /signup: the region decides which. The
 * provider returns the browser to /login/national-identity, which signs in or continues the sign-up.
 */
export function NationalSignInButton({
  mode,
  region,
  friendRef,
}: {
  mode: 'login' | 'signup';
  region: Region;
  /** Sign-up: the invitation link's referral code, kept for the new account. */
  friendRef?: string | null;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const start = useStartNationalSignIn();
  const [isLeaving, setIsLeaving] = useState(false);
  const provider = NATIONAL_IDENTITY_NAMES[NATIONAL_IDENTITY_BY_REGION[region]];

  const onPress = async () => {
    try {
      const started = await start.mutateAsync({ region });
      rememberNationalSignIn({
        transaction: started.transaction,
        region,
        ...(friendRef ? { friendRef } : {}),
      });
      setIsLeaving(true);
      window.location.assign(started.authorization_url);
    } catch {
      // The error is shown below the button.
    }
  };

  return (
    <div className={styles.nationalSignIn}>
      <Button
        variant="secondary"
        fullWidth
        onPress={() => void onPress()}
        isPending={start.isPending || isLeaving}
      >
        {t(mode === 'signup' ? 'national.signup' : 'national.login', { provider })}
      </Button>
      {start.isError ? (
        <Alert tone="error">
          <p>{errorMessage(start.error, t)}</p>
        </Alert>
      ) : null}
    </div>
  );
}
