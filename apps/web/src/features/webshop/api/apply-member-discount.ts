import { ClubMemberDiscountSchema } from '@nbr/domain/club';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { profileQueryKey } from '../../../lib/api/identity/get-profile.ts';
import { api } from '../../../lib/api-client.ts';

export type ClubMemberDiscount = z.infer<typeof ClubMemberDiscountSchema>;

/**
 * POST /webshop/{club}/apply-member-discount/{member_id} — keeps the membership number on the
 * profile; the club orders placed from then on are at the member price.
 */
export function applyMemberDiscount(input: { club: string; memberId: string }): Promise<ClubMemberDiscount> {
  return api.post(
    `/webshop/${encodeURIComponent(input.club)}/apply-member-discount/${encodeURIComponent(input.memberId)}`,
    undefined,
    { schema: ClubMemberDiscountSchema },
  );
}

export function useApplyMemberDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyMemberDiscount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
