import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, FormActions } from '../../../ui/form.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useClubMemberList, useUploadClubMemberList } from '../api/club-member-list.ts';

/**
 * Admins: NAF's member list, which alone gives the member price (issue 27) — its size, when it was
 * uploaded and whether it is still fresh, and a new upload of the club's CSV export (replaces it).
 */
export function ClubMemberList({ club }: { club: string }) {
  const { t, i18n } = useTranslation(['backoffice-ops', 'common']);
  const inputId = useId();
  const list = useClubMemberList(club);
  const upload = useUploadClubMemberList();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<number | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSkipped(null);
    if (!file) {
      setProblem(t('clubMembers.chooseFile'));
      return;
    }
    try {
      const result = await upload.mutateAsync({ club, csv: await file.text() });
      setSkipped(result.skipped_lines ?? 0);
    } catch (failure) {
      setProblem(errorMessage(failure, t));
    }
  };

  return (
    <div className={staffPage.stack}>
      <p>{t('clubMembers.body', { days: list.data?.fresh_days ?? 45 })}</p>
      {list.isPending ? <LoadingState /> : null}
      {list.isError ? (
        <LoadError title={t('loadFailed')} error={list.error} retry={() => void list.refetch()} />
      ) : null}
      {list.data ? (
        <Alert
          tone={list.data.fresh ? 'info' : 'warning'}
          announce="none"
          title={
            list.data.uploaded_at
              ? t('clubMembers.state', {
                  count: list.data.member_count,
                  date: formatDateTime(list.data.uploaded_at, i18n.language),
                })
              : t('clubMembers.never')
          }
        >
          <p data-testid="club-member-list-state">
            {list.data.fresh
              ? t('clubMembers.fresh')
              : t('clubMembers.stale', { days: list.data.fresh_days })}
          </p>
        </Alert>
      ) : null}
      <form onSubmit={(event) => void submit(event)} aria-label={t('clubMembers.upload')}>
        <ErrorSummary message={problem} />
        <label htmlFor={inputId}>{t('clubMembers.file')}</label>
        <br />
        <input
          id={inputId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        <FormActions>
          <Button type="submit" isPending={upload.isPending}>
            {t('clubMembers.upload')}
          </Button>
        </FormActions>
      </form>
      {skipped !== null ? (
        <Alert tone="success" announce="auto" title={t('clubMembers.uploaded')}>
          {skipped > 0 ? <p>{t('clubMembers.skipped', { count: skipped })}</p> : null}
        </Alert>
      ) : null}
    </div>
  );
}
