import { ClubMemberDiscountResultSchema } from '@nbr/domain/club';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { profileQueryKey } from '../../../lib/api/identity/get-profile.ts';
import { api } from '../../../lib/api-client.ts';
import { clubMembershipQueryKey } from './get-club-membership.ts';

export type ClubMemberDiscount = z.infer<typeof ClubMemberDiscountResultSchema>;

/**
 * POST /webshop/{club}/apply-member-discount/{member_id} — keeps the membership number on the
 * profile and answers whether it gets the member price (on the club's fresh member list).
 */
export function applyMemberDiscount(input: { club: string; memberId: string }): Promise<ClubMemberDiscount> {
  return api.post(
    `/webshop/${encodeURIComponent(input.club)}/apply-member-discount/${encodeURIComponent(input.memberId)}`,
    undefined,
    { schema: ClubMemberDiscountResultSchema },
  );
}

export function useApplyMemberDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyMemberDiscount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: clubMembershipQueryKey });
    },
  });
}
