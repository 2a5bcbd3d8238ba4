import { StaffTheftReportDetailSchema } from '@nbr/domain/theft';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /backoffice/theft-reports/{reportId}?reason= — the report's private data. A mutation, not a
 * query: each opening is an explicit act with a reason, audited and shown in the owner's access log,
 * so it never runs again on its own (refetch on focus, retry).
 */
export function openTheftReport(input: { reportId: string; reason: string }) {
  return api.get(`/backoffice/theft-reports/${encodeURIComponent(input.reportId)}`, {
    schema: StaffTheftReportDetailSchema,
    query: { reason: input.reason },
  });
}

export function useOpenTheftReport() {
  return useMutation({ mutationFn: openTheftReport });
}
