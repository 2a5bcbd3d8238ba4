import type { Bike } from '@nbr/domain/bikes';
import { NATIONAL_IDENTITY_BY_REGION, NATIONAL_IDENTITY_NAMES } from '@nbr/domain/national-identity';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDeleteBike, useForgetBike } from '../../../lib/api/bikes/delete-bike.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useRegion } from '../../../lib/region.ts';
import { verificationBeginHref } from '../../../lib/verification-return.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import type { BikeDeletedState } from '../pages/report-deleted-page.tsx';

/** The query flag on the bike's address that the approval returns to. */
export const DELETE_AFTER_APPROVAL = 'approved';

/**
 * Deleting a bike (SPEC §4): asked once in a dialog; a bike with a frame number or plate needs a
 * MitID/BankID approval of this very deletion first. The approval returns here and the deletion
 * goes on by itself; then the confirmation page says it is gone for good.
 */
export function DeleteBike({ bike }: { bike: Bike }) {
  const { t } = useTranslation(['bikes', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { region } = useRegion();
  const provider = NATIONAL_IDENTITY_NAMES[NATIONAL_IDENTITY_BY_REGION[region]];
  const remove = useDeleteBike(bike.bike_id);
  const forget = useForgetBike();
  const [isOpen, setOpen] = useState(false);
  const [resumeError, setResumeError] = useState<string | null>(null);

  const approvalHref = verificationBeginHref({
    next: paths.app.bike.getHref({ bikeId: bike.bike_id }, { delete: DELETE_AFTER_APPROVAL }),
    type: 'approval',
    action: 'delete_bike',
    object: bike.bike_id,
  });

  const erase = async (): Promise<void> => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      if (isApiError(error) && error.code === 'approval_required') {
        await navigate(approvalHref);
        return;
      }
      throw error;
    }
    await navigate(paths.app.bikeReportDeleted.getHref({ bikeId: bike.bike_id }), {
      replace: true,
      state: { deleted: true, nickname: bike.nickname } satisfies BikeDeletedState,
    });
    forget(bike.bike_id);
  };

  // Back from an approved check: carry on with the deletion the person already confirmed.
  const approved =
    search.get('delete') === DELETE_AFTER_APPROVAL &&
    (location.state as { verification?: string } | null)?.verification === 'approved';
  const resumed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: erase is new every render; the ref makes this run once
  useEffect(() => {
    if (!approved || resumed.current) return;
    resumed.current = true;
    erase().catch((error: unknown) => setResumeError(errorMessage(error, t)));
  }, [approved]);

  if (approved && !resumeError) return <LoadingState label={t('delete.deleting')} />;

  return (
    <>
      {resumeError ? (
        <Alert tone="error" title={t('delete.failedTitle')}>
          <p>{resumeError}</p>
        </Alert>
      ) : null}
      <Button variant="danger" onPress={() => setOpen(true)}>
        {t('delete.action')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={t('delete.dialogTitle', { name: bike.nickname })}
        confirmLabel={
          bike.deletion_needs_approval ? t('delete.confirmWithProvider', { provider }) : t('delete.confirm')
        }
        variant="danger"
        onConfirm={erase}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('delete.dialogBody')}</p>
        {bike.deletion_needs_approval ? <p>{t('delete.needsApproval', { provider })}</p> : null}
      </ConfirmDialog>
    </>
  );
}
