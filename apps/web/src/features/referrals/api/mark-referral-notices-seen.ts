import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /referrals/me/notices/seen — the news shown now is not news on the next visit (204). */
export function markReferralNoticesSeen(): Promise<void> {
  return api.post('/referrals/me/notices/seen', {});
}

/**
 * Marks the news seen once it is on screen. The page keeps showing it until it is left: the
 * overview is not refetched.
 */
export function useMarkReferralNoticesSeen() {
  return useMutation({ mutationFn: markReferralNoticesSeen });
}
