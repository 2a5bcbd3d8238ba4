import { IMPORT_ROWS_KEPT_DAYS, type ImportJob, type ImportRowProblem } from '@nbr/domain/onboarding';
import type { ImportJobRow } from './bulk-import.repository.ts';

export function presentImportJob(job: ImportJobRow): ImportJob {
  const valid = job.totalRows - job.invalidRows;
  return {
    id: job.id,
    source_name: job.sourceName,
    file_name: job.fileName,
    status: job.status,
    invite: job.invite,
    total_rows: job.totalRows,
    invalid_rows: job.invalidRows,
    processed_rows: job.processedRows,
    imported_rows: job.importedRows,
    rejected_rows: job.rejectedRows,
    plates_refused: job.platesRefused,
    invitations_sent: job.invitationsSent,
    progress_percent:
      job.status === 'done'
        ? 100
        : valid > 0
          ? Math.min(100, Math.floor((job.processedRows * 100) / valid))
          : 0,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    rows_deleted_after: job.finishedAt
      ? new Date(job.finishedAt.getTime() + IMPORT_ROWS_KEPT_DAYS * 86_400_000).toISOString()
      : null,
  };
}

export function presentProblem(row: {
  rowNumber: number;
  problem: string | null;
  outcomeReason: string | null;
  frameNumber: string | null;
  plateId: string | null;
}) {
  return {
    row_number: row.rowNumber,
    reason: (row.problem ?? row.outcomeReason ?? 'frame_number_in_use') as ImportRowProblem,
    frame_number: row.frameNumber,
    plate_id: row.plateId,
  };
}

/** The report's columns: no names or addresses, only what identifies the row in the file. */
export const REPORT_HEADER = 'row,frame_number,plate_id,outcome,reason,plate_refused\r\n';

/** A CSV field, quoted when it holds a separator, a quote or a line break; a leading = + - @ is defused. */
function field(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function reportLine(row: {
  rowNumber: number;
  frameNumber: string | null;
  plateId: string | null;
  problem: string | null;
  outcome: string | null;
  outcomeReason: string | null;
  plateRefused: boolean;
}): string {
  const outcome = row.problem ? 'rejected' : (row.outcome ?? 'pending');
  const reason = row.problem ?? row.outcomeReason ?? '';
  return `${[row.rowNumber, field(row.frameNumber), field(row.plateId), outcome, reason, row.plateRefused ? 'yes' : ''].join(',')}\r\n`;
}
