import {
  IMPORT_COLUMNS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_PROBLEMS_PAGE_SIZE,
  IMPORT_ROWS_KEPT_DAYS,
  type ImportJob,
} from '@nbr/domain/onboarding';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { ErrorSummary, FormActions } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import tables from '../../../ui/table.module.css';
import { TextField } from '../../../ui/text-field.tsx';
import {
  downloadImportReport,
  useBulkImport,
  useBulkImports,
  useImportAction,
  useImportProblems,
  useUploadImport,
} from '../api/bulk-imports.ts';
import { useStaffRole } from '../components/use-staff-role.ts';

/**
 * /backoffice/v2/bulk-import (issue 32 §5): admins upload a dealer's, insurer's or town's register;
 * the answer is its dry run (each refused row with its reason); starting it imports the valid rows
 * in the background while the screen shows the progress; the report is a CSV download.
 */
export function Component() {
  const { t } = useTranslation('backoffice-ops');
  const isAdmin = useStaffRole() === 'admin';
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <PageLayout title={t('bulkImport.title')} lead={t('bulkImport.lead')}>
      <div className={staffPage.stack}>
        {isAdmin ? (
          <>
            <Card title={t('bulkImport.uploadTitle')} id="upload">
              <UploadForm onStaged={setSelected} />
              <Columns />
            </Card>
            {selected ? <JobDetail id={selected} /> : null}
            <Card title={t('bulkImport.historyTitle')} id="history">
              <JobList onSelect={setSelected} />
            </Card>
          </>
        ) : (
          <Alert tone="info" announce="none" title={t('bulkImport.adminsOnly')} />
        )}
      </div>
    </PageLayout>
  );
}

function UploadForm({ onStaged }: { onStaged: (id: string) => void }) {
  const { t } = useTranslation(['backoffice-ops', 'common']);
  const fileId = useId();
  const upload = useUploadImport();
  const [sourceName, setSourceName] = useState('');
  const [invite, setInvite] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file) {
      setProblem(t('bulkImport.chooseFile'));
      return;
    }
    try {
      const job = await upload.mutateAsync({ sourceName: sourceName.trim(), invite, file });
      onStaged(job.id);
    } catch (failure) {
      setProblem(errorMessage(failure, t));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('bulkImport.uploadTitle')}>
      <ErrorSummary message={problem} />
      <p>
        {t('bulkImport.limits', {
          megabytes: IMPORT_MAX_FILE_BYTES / 1024 / 1024,
          rows: IMPORT_MAX_ROWS.toLocaleString(),
        })}
      </p>
      <TextField
        label={t('bulkImport.sourceName')}
        description={t('bulkImport.sourceNameHelp')}
        value={sourceName}
        onChange={setSourceName}
        isRequired
      />
      <label htmlFor={fileId}>{t('bulkImport.file')}</label>
      <br />
      <input
        id={fileId}
        type="file"
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
      />
      <Checkbox isSelected={invite} onChange={setInvite}>
        {t('bulkImport.invite')}
      </Checkbox>
      <FormActions>
        <Button type="submit" isPending={upload.isPending}>
          {t('bulkImport.dryRun')}
        </Button>
      </FormActions>
    </form>
  );
}

/** The columns a file may have, documented where the file is chosen (and in docs/bulk-onboarding.md). */
function Columns() {
  const { t } = useTranslation('backoffice-ops');
  return (
    <details>
      <summary>{t('bulkImport.columnsTitle')}</summary>
      <p>{t('bulkImport.columnsLead')}</p>
      <table className={`${tables.table ?? ''} ${tables.stackedOnPhone ?? ''}`}>
        <thead>
          <tr>
            <th scope="col">{t('bulkImport.column')}</th>
            <th scope="col">{t('bulkImport.meaning')}</th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_COLUMNS.map((column) => (
            <tr key={column}>
              <td data-label={t('bulkImport.column')}>
                <code>{column}</code>
              </td>
              <td data-label={t('bulkImport.meaning')}>{t(`bulkImport.columns.${column}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function JobFacts({ job }: { job: ImportJob }) {
  const { t } = useTranslation('backoffice-ops');
  const facts: Array<[string, number]> = [
    ['rows', job.total_rows],
    ['invalid', job.invalid_rows],
    ['imported', job.imported_rows],
    ['rejected', job.rejected_rows],
    ['platesRefused', job.plates_refused],
    ['invitations', job.invitations_sent],
  ];
  return (
    <dl className={staffPage.facts}>
      {facts.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`bulkImport.facts.${key}`)}</dt>
          <dd data-testid={`import-${key}`}>{value.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}

function JobDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation(['backoffice-ops', 'common']);
  const job = useBulkImport(id);
  const action = useImportAction();
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  if (job.isPending) return <LoadingState />;
  if (job.isError)
    return <LoadError title={t('loadFailed')} error={job.error} retry={() => void job.refetch()} />;
  const data = job.data;
  const act = async (kind: 'start' | 'cancel') => {
    setProblem(null);
    try {
      await action.mutateAsync({ id, action: kind });
    } catch (failure) {
      setProblem(errorMessage(failure, t));
    }
  };
  const running = data.status === 'queued' || data.status === 'running';
  return (
    <Card title={t('bulkImport.jobTitle', { source: data.source_name, file: data.file_name })} id="job">
      <div className={staffPage.stack}>
        <p role="status" data-testid="import-status">
          {t(`bulkImport.status.${data.status}`)}
          {data.finished_at ? ` · ${formatDateTime(data.finished_at, i18n.language)}` : ''}
        </p>
        <ErrorSummary message={problem} />
        {running || data.status === 'done' ? (
          <progress max={100} value={data.progress_percent} aria-label={t('bulkImport.progress')}>
            {data.progress_percent} %
          </progress>
        ) : null}
        <JobFacts job={data} />
        {data.status === 'staged' ? (
          <div className={staffPage.actions}>
            <Button onPress={() => void act('start')} isPending={action.isPending}>
              {t('bulkImport.start', { count: data.total_rows - data.invalid_rows })}
            </Button>
            <Button variant="secondary" onPress={() => void act('cancel')}>
              {t('bulkImport.cancel')}
            </Button>
          </div>
        ) : null}
        {data.status === 'done' ? (
          <div className={staffPage.actions}>
            <Button variant="secondary" onPress={() => void downloadImportReport(id)}>
              {t('bulkImport.report')}
            </Button>
          </div>
        ) : null}
        {data.rows_deleted_after ? (
          <p>
            {t('bulkImport.retention', {
              days: IMPORT_ROWS_KEPT_DAYS,
              date: formatDateTime(data.rows_deleted_after, i18n.language),
            })}
          </p>
        ) : null}
        <Problems id={id} page={page} setPage={setPage} version={`${data.status}:${data.processed_rows}`} />
      </div>
    </Card>
  );
}

function Problems({
  id,
  page,
  setPage,
  version,
}: {
  id: string;
  page: number;
  setPage: (page: number) => void;
  version: string;
}) {
  const { t } = useTranslation('backoffice-ops');
  const problems = useImportProblems(id, page, version);
  if (problems.isPending) return <LoadingState />;
  if (problems.isError)
    return <LoadError title={t('loadFailed')} error={problems.error} retry={() => void problems.refetch()} />;
  const { total } = problems.data;
  if (total === 0) return <p>{t('bulkImport.noProblems')}</p>;
  const pages = Math.ceil(total / IMPORT_PROBLEMS_PAGE_SIZE);
  return (
    <section aria-label={t('bulkImport.problemsTitle')}>
      <h3>{t('bulkImport.problemsTitle')}</h3>
      <p>{t('bulkImport.problemsCount', { count: total })}</p>
      <table className={`${tables.table ?? ''} ${tables.stackedOnPhone ?? ''}`} data-testid="import-problems">
        <thead>
          <tr>
            <th scope="col">{t('bulkImport.row')}</th>
            <th scope="col">{t('bulkImport.identifier')}</th>
            <th scope="col">{t('bulkImport.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {problems.data.problems.map((row) => (
            <tr key={row.row_number}>
              <td data-label={t('bulkImport.row')}>{row.row_number}</td>
              <td data-label={t('bulkImport.identifier')}>{row.frame_number ?? row.plate_id ?? '–'}</td>
              <td data-label={t('bulkImport.reason')}>{t(`bulkImport.reasons.${row.reason}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 ? (
        <div className={staffPage.pager}>
          <Button variant="secondary" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
            {t('bulkImport.previous')}
          </Button>
          <span>{t('bulkImport.page', { page, pages })}</span>
          <Button variant="secondary" isDisabled={page >= pages} onPress={() => setPage(page + 1)}>
            {t('bulkImport.next')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function JobList({ onSelect }: { onSelect: (id: string) => void }) {
  const { t, i18n } = useTranslation('backoffice-ops');
  const jobs = useBulkImports();
  if (jobs.isPending) return <LoadingState />;
  if (jobs.isError)
    return <LoadError title={t('loadFailed')} error={jobs.error} retry={() => void jobs.refetch()} />;
  if (jobs.data.jobs.length === 0) return <p>{t('bulkImport.noImports')}</p>;
  return (
    <ul className={staffPage.list} aria-label={t('bulkImport.historyTitle')}>
      {jobs.data.jobs.map((job) => (
        <li key={job.id} className={staffPage.item}>
          <p className={staffPage.itemTitle}>
            {job.source_name} · {job.file_name}
          </p>
          <p>
            {formatDateTime(job.created_at, i18n.language)} · {t(`bulkImport.status.${job.status}`)} ·{' '}
            {t('bulkImport.summary', { imported: job.imported_rows, rows: job.total_rows })}
          </p>
          <Button variant="secondary" onPress={() => onSelect(job.id)}>
            {t('bulkImport.open')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
