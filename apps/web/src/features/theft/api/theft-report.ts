import {
  type FoundResult,
  FoundResultSchema,
  type TheftReport,
  type TheftReportDraft,
  type TheftReportDraftInput,
  TheftReportDraftSchema,
  TheftReportSchema,
} from '@nbr/domain/theft';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bikeQueryKey } from '../../../lib/api/bikes/get-bike.ts';
import { bikesQueryKey } from '../../../lib/api/bikes/get-bikes.ts';
import { api } from '../../../lib/api-client.ts';
import { withIdempotencyKey } from '../../../lib/idempotency.ts';

/*
 * The theft report of one bike (SPEC §3 draft, §4): the draft the wizard fills, submitting it, the
 * submitted report with its PDF, and reporting the bike found. All answer 404 for a bike that is
 * not the caller's, exactly as for an unknown one.
 */

const base = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}`;

export const theftDraftQueryKey = (bikeId: string) => ['theft-draft', bikeId] as const;
export const theftReportQueryKey = (bikeId: string) => ['theft-report', bikeId] as const;

/** GET …/theft-report/draft — the open draft, or one pre-filled from profile and bike (saved_at null). */
export function getTheftDraft(bikeId: string, signal?: AbortSignal): Promise<TheftReportDraft> {
  return api.get(`${base(bikeId)}/theft-report/draft`, { schema: TheftReportDraftSchema, signal });
}

export function theftDraftQueryOptions(bikeId: string) {
  return queryOptions({
    queryKey: theftDraftQueryKey(bikeId),
    queryFn: ({ signal }) => getTheftDraft(bikeId, signal),
  });
}

/** `pageData: false` when a 404 is an ordinary answer for the caller rather than the 404 page. */
export interface TheftQueryOptions {
  enabled?: boolean;
  pageData?: boolean;
}

export function useTheftDraft(bikeId: string, options: TheftQueryOptions = {}) {
  return useQuery({
    ...theftDraftQueryOptions(bikeId),
    enabled: options.enabled ?? true,
    meta: { pageData: options.pageData ?? true },
  });
}

/** PUT …/theft-report/draft — the whole draft; answers it as stored. */
export function saveTheftDraft(bikeId: string, draft: TheftReportDraftInput): Promise<TheftReportDraft> {
  return api.put(`${base(bikeId)}/theft-report/draft`, draft, { schema: TheftReportDraftSchema });
}

export function useSaveTheftDraft(bikeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: TheftReportDraftInput) => saveTheftDraft(bikeId, draft),
    onSuccess: (draft) => queryClient.setQueryData(theftDraftQueryKey(bikeId), draft),
  });
}

/** POST …/theft-report/submit — 422 lists every missing field as loc [section, field]. */
export function submitTheftReport(bikeId: string, idempotencyKey: string): Promise<TheftReport> {
  return api.post(`${base(bikeId)}/theft-report/submit`, undefined, {
    schema: TheftReportSchema,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useSubmitTheftReport(bikeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withIdempotencyKey(`theft-submit:${bikeId}`, (key) => submitTheftReport(bikeId, key)),
    onSuccess: (report) => {
      queryClient.setQueryData(theftReportQueryKey(bikeId), report);
      // The draft is gone on the server. Marked stale, not removed: removing it made the wizard, still
      // on screen, fetch it at once, be told the bike is stolen and leave the receipt for the report.
      void queryClient.invalidateQueries({
        queryKey: theftDraftQueryKey(bikeId),
        exact: true,
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: bikeQueryKey(bikeId) });
      void queryClient.invalidateQueries({ queryKey: bikesQueryKey, exact: true });
    },
  });
}

/** GET …/theft-report — the newest submitted or closed report; 404 when there is none. */
export function getTheftReport(bikeId: string, signal?: AbortSignal): Promise<TheftReport> {
  return api.get(`${base(bikeId)}/theft-report`, { schema: TheftReportSchema, signal });
}

export function theftReportQueryOptions(bikeId: string) {
  return queryOptions({
    queryKey: theftReportQueryKey(bikeId),
    queryFn: ({ signal }) => getTheftReport(bikeId, signal),
    // The PDF address is signed for an hour: fetch a fresh one well before it runs out.
    staleTime: 10 * 60_000,
  });
}

export function useTheftReport(bikeId: string, options: TheftQueryOptions = {}) {
  return useQuery({
    ...theftReportQueryOptions(bikeId),
    enabled: options.enabled ?? true,
    meta: { pageData: options.pageData ?? true },
  });
}

/** POST …/found — 403 approval_required until a MitID/BankID approval of this very act is given. */
export function reportFound(bikeId: string, idempotencyKey: string): Promise<FoundResult> {
  return api.post(`${base(bikeId)}/found`, undefined, {
    schema: FoundResultSchema,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useReportFound(bikeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withIdempotencyKey(`theft-found:${bikeId}`, (key) => reportFound(bikeId, key)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: theftReportQueryKey(bikeId) });
      void queryClient.invalidateQueries({ queryKey: bikeQueryKey(bikeId) });
      void queryClient.invalidateQueries({ queryKey: bikesQueryKey, exact: true });
      // The draft is gone on the server. Marked stale, not removed: removing it made the wizard, still
      // on screen, fetch it at once, be told the bike is stolen and leave the receipt for the report.
      void queryClient.invalidateQueries({
        queryKey: theftDraftQueryKey(bikeId),
        exact: true,
        refetchType: 'none',
      });
    },
  });
}
