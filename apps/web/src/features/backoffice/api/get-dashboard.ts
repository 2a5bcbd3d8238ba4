import { type Dashboard, DashboardSchema } from '@nbr/domain/backoffice-people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /backoffice/dashboard — how many wait in each queue. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get('/backoffice/dashboard', { schema: DashboardSchema, signal });
}

export function useDashboard() {
  return useQuery(
    queryOptions({
      queryKey: ['backoffice', 'dashboard'] as const,
      queryFn: ({ signal }) => getDashboard(signal),
      staleTime: 30_000,
    }),
  );
}
