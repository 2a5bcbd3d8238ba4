import { NATIONAL_IDENTITY_BY_REGION, NATIONAL_IDENTITY_NAMES } from '@nbr/domain/national-identity';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useRegion } from '../../../lib/region.ts';
import { useSession } from '../../../lib/session.ts';
import { verificationBeginHref } from '../../../lib/verification-return.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useReportFound } from '../api/theft-report.ts';
import styles from '../theft.module.css';

/** The query flag on the report's address that the approval returns to. */
export const FOUND_AFTER_APPROVAL = 'approved';

/**
 * "Report found" (SPEC §4, §6): the person approves it with MitID/BankID first — the approval
 * names this very act and bike — and comes back here, where reporting found goes on by itself.
 */
export function ReportFound({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation(['theft', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { region } = useRegion();
  const { isSwitched } = useSession();
  const provider = NATIONAL_IDENTITY_NAMES[NATIONAL_IDENTITY_BY_REGION[region]];
  const found = useReportFound(bikeId);
  const [error, setError] = useState<string | null>(null);
  const reportHref = paths.app.bikeStolenBikeReport.getHref({ bikeId });

  const approvalHref = verificationBeginHref({
    next: paths.app.bikeStolenBikeReport.getHref({ bikeId }, { found: FOUND_AFTER_APPROVAL }),
    type: 'approval',
    action: 'report_found',
    object: bikeId,
  });

  const markFound = async (): Promise<void> => {
    try {
      await found.mutateAsync();
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'approval_required') {
        await navigate(approvalHref);
        return;
      }
      throw failure;
    }
    await navigate(reportHref, { replace: true, state: { found: true } });
  };

  // Back from an approved check: carry on with what the person already asked for.
  const approved =
    search.get('found') === FOUND_AFTER_APPROVAL &&
    (location.state as { verification?: string } | null)?.verification === 'approved';
  const resumed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: markFound is new every render; the ref makes this run once
  useEffect(() => {
    if (!approved || resumed.current) return;
    resumed.current = true;
    markFound().catch((failure: unknown) => setError(errorMessage(failure, t)));
  }, [approved]);

  if (approved && !error) return <LoadingState label={t('found.working')} />;

  return (
    <div className={styles.stack}>
      {error ? (
        <Alert tone="error" title={t('found.failedTitle')}>
          <p>{error}</p>
        </Alert>
      ) : null}
      <p>{t('found.body')}</p>
      <p className={styles.muted}>{t('found.approvalNote', { provider })}</p>
      {isSwitched ? (
        <Alert tone="info">
          <p>{t('found.notWhileSwitched')}</p>
        </Alert>
      ) : (
        <div>
          <Button
            isPending={found.isPending}
            onPress={() => {
              setError(null);
              markFound().catch((failure: unknown) => setError(errorMessage(failure, t)));
            }}
          >
            {t('found.action', { provider })}
          </Button>
        </div>
      )}
    </div>
  );
}
