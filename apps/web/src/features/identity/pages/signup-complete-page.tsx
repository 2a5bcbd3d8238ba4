import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { afterSignUpHref } from '../../../lib/access.ts';
import { syncMeasurementChoice } from '../../../lib/consent.ts';
import { peekRememberedRedirect, rememberRedirect } from '../../../lib/redirect.ts';
import { useRegion } from '../../../lib/region.ts';
import { readJson, readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { track } from '../../../lib/tracking.ts';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The insurer whose sign-up link the visitor followed (/signup?insurer=…), taken once. */
function takeSignUpInsurer(): string | null {
  const insurer = readStorage(STORAGE_KEYS.signUpInsurer);
  writeStorage(STORAGE_KEYS.signUpInsurer, null);
  return insurer && UUID.test(insurer) ? insurer : null;
}

/**
 * /app/redirects/signup-complete — where every sign-up lands (password after the mailed link,
 * Google, MitID/BankID), the one path of SPEC §2 "after sign-up": the answer to the measurement
 * question is set on the new account, the insurer link is made (the journey continues at the
 * insurer's policy page after the newsletter question, when the visitor came by an insurer's
 * sign-up link), the sign-up is recorded (only with consent: tracking waits for the answer) and the
 * person goes to the region's newsletter question. Opened again (a reload, a bookmark), it only
 * leads to the app.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { region: deviceRegion } = useRegion();
  const [pending] = useState(() => readJson<{ region?: unknown }>(STORAGE_KEYS.signUpCompleting, 'session'));
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    if (!pending) {
      void navigate(paths.app.home.getHref(), { replace: true });
      return;
    }
    writeStorage(STORAGE_KEYS.signUpCompleting, null, 'session');
    const region = pending.region === 'dk' || pending.region === 'no' ? pending.region : deviceRegion;
    void (async () => {
      await syncMeasurementChoice();
      const insurer = takeSignUpInsurer();
      if (insurer && !peekRememberedRedirect()) {
        rememberRedirect(paths.insurance.policy.getHref({ insurerPartyId: insurer }));
      }
      track('signup', 'completed', { region, insurer_link: insurer !== null });
      await navigate(afterSignUpHref(region), { replace: true });
    })();
  }, [pending, deviceRegion, navigate]);

  return (
    <PageLayout title={t('signupComplete.title')} width="form">
      <LoadingState label={t('signupComplete.working')} />
    </PageLayout>
  );
}
