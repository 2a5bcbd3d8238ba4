import { type ReferralOverview, ReferralOverviewSchema } from '@nbr/domain/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const referralOverviewQueryKey = ['referrals', 'me'] as const;

/** GET /referrals/me — the person's code and link, whom it brought, what it earned, news not seen. */
export function getReferralOverview(signal?: AbortSignal): Promise<ReferralOverview> {
  return api.get('/referrals/me', { schema: ReferralOverviewSchema, signal });
}

export const referralOverviewQueryOptions = queryOptions({
  queryKey: referralOverviewQueryKey,
  queryFn: ({ signal }) => getReferralOverview(signal),
});

export function useReferralOverview() {
  return useQuery(referralOverviewQueryOptions);
}

/**
 * The same overview for a notice on another page (the app's start page): a failure there shows
 * nothing rather than the error page, the page being about something else.
 */
export function useReferralNews() {
  return useQuery({ ...referralOverviewQueryOptions, meta: { pageData: false }, throwOnError: false });
}
