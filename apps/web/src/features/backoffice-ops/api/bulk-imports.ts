import {
  type ImportJob,
  ImportJobListSchema,
  ImportJobSchema,
  ImportProblemsSchema,
} from '@nbr/domain/onboarding';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '../../../lib/api/bikes/upload-bike-file.ts';
import { API_BASE, api } from '../../../lib/api-client.ts';
import { saveAuthenticatedFile } from './download-sticker-sheet.ts';

export const bulkImportsQueryKey = ['backoffice', 'bulk-imports'] as const;

/** While a job is queued or running its counts change: the screen asks again every two seconds. */
const POLL_MS = 2000;
const isActive = (job: ImportJob) => job.status === 'queued' || job.status === 'running';

/** GET /backoffice/bulk-imports — the newest imports. */
export function useBulkImports() {
  return useQuery({
    queryKey: bulkImportsQueryKey,
    queryFn: ({ signal }) => api.get('/backoffice/bulk-imports', { schema: ImportJobListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.jobs.some(isActive) ? POLL_MS : false),
  });
}

/** GET /backoffice/bulk-imports/{id} — one import, polled while it runs. */
export function useBulkImport(id: string | null) {
  return useQuery({
    queryKey: [...bulkImportsQueryKey, id],
    queryFn: ({ signal }) =>
      api.get(`/backoffice/bulk-imports/${encodeURIComponent(id ?? '')}`, {
        schema: ImportJobSchema,
        signal,
      }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isActive(query.state.data) ? POLL_MS : false),
  });
}

/** GET /backoffice/bulk-imports/{id}/problems — the refused rows, 100 a page. */
export function useImportProblems(id: string, page: number, version: string) {
  return useQuery({
    queryKey: [...bulkImportsQueryKey, id, 'problems', page, version],
    queryFn: ({ signal }) =>
      api.get(`/backoffice/bulk-imports/${encodeURIComponent(id)}/problems?page=${page}`, {
        schema: ImportProblemsSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /backoffice/bulk-imports (multipart: the fields first, then the file) — answers the dry run. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sourceName: string; invite: boolean; file: File }) => {
      const form = new FormData();
      form.append('source_name', input.sourceName);
      form.append('invite', String(input.invite));
      form.append('file', input.file);
      return uploadForm('/backoffice/bulk-imports', form, ImportJobSchema);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkImportsQueryKey }),
  });
}

/** POST /backoffice/bulk-imports/{id}/start | cancel. */
export function useImportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'start' | 'cancel' }) =>
      api.post(`/backoffice/bulk-imports/${encodeURIComponent(input.id)}/${input.action}`, undefined, {
        schema: ImportJobSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkImportsQueryKey }),
  });
}

/** GET /backoffice/bulk-imports/{id}/report — saved as a CSV file (the route wants the bearer token). */
export function downloadImportReport(id: string): Promise<void> {
  return saveAuthenticatedFile(
    `${API_BASE}/backoffice/bulk-imports/${encodeURIComponent(id)}/report`,
    `import-${id}.csv`,
  );
}
