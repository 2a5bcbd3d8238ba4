import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SignUpScreen } from '../../features/identity/pages/signup-page.tsx';
import styles from '../../features/plates/plates.module.css';
import { PLATE_PARAM, plateFromSearch } from '../../lib/plate-param.ts';
import { rememberRedirect } from '../../lib/redirect.ts';
import { useSession } from '../../lib/session.ts';
import { Alert } from '../../ui/alert.tsx';

/**
 * /signup/from-scan?plate= — a visitor scanned a free sticker. The ordinary sign-up (with Google
 * too), and the journey then continues where sign-up journeys continue (the remembered page, after
 * the newsletter question): the create-bikes loop with the plate filled in. Logging in instead
 * leads there as well.
 */
export function Component() {
  const { t } = useTranslation(['plates', 'auth', 'common']);
  const [searchParams] = useSearchParams();
  const plate = plateFromSearch(searchParams);
  const loop = paths.signupFromScan.createBikesLoop.getHref(plate ? { [PLATE_PARAM]: plate } : undefined);
  const { isLoggedIn } = useSession();
  // Only whoever arrives signed in skips the form: signing up here must go on to the newsletter question.
  const [arrivedSignedIn] = useState(isLoggedIn);

  useEffect(() => {
    if (!arrivedSignedIn) rememberRedirect(loop);
  }, [arrivedSignedIn, loop]);

  if (arrivedSignedIn) return <Navigate to={loop} replace />;

  return (
    <SignUpScreen
      title={t('fromScan.title')}
      lead={t('fromScan.lead')}
      notice={
        plate ? (
          <Alert tone="info" title={t('fromScan.plateTitle')} announce="none">
            <p>
              {t('fromScan.plate')} <strong className={styles.plateCode}>{plate}</strong>
            </p>
            <p>{t('fromScan.next')}</p>
          </Alert>
        ) : null
      }
    />
  );
}
