import type { Policy, PolicyStatus } from '@nbr/domain/insurance';
import { PolicySchema } from '@nbr/domain/insurance';
import {
  type AcceptPolicy,
  type InsurerPolicyPage,
  InsurerPolicyPageSchema,
  type PolicyEnd,
} from '@nbr/domain/insurance-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/*
 * The insurer's policies (GET /insurance/{insurer}/admin/policies) and its decisions on them
 * (POST …/policies/{id}/accept | reject | cancel). A decision refreshes the list.
 */

const base = (insurerPartyId: string) => `/insurance/${encodeURIComponent(insurerPartyId)}/admin`;

export interface AdminPolicyFilter {
  status: PolicyStatus | null;
  q: string;
  page: number;
}

export const ADMIN_POLICIES_PAGE_SIZE = 20;

export const adminPoliciesQueryKey = (insurerPartyId: string) =>
  ['insurer-admin', 'policies', insurerPartyId] as const;

export function getAdminPolicies(
  insurerPartyId: string,
  filter: AdminPolicyFilter,
  signal?: AbortSignal,
): Promise<InsurerPolicyPage> {
  return api.get(`${base(insurerPartyId)}/policies`, {
    schema: InsurerPolicyPageSchema,
    signal,
    query: {
      status: filter.status ?? undefined,
      q: filter.q.trim() || undefined,
      page: filter.page,
      page_size: ADMIN_POLICIES_PAGE_SIZE,
    },
  });
}

export function useAdminPolicies(insurerPartyId: string, filter: AdminPolicyFilter) {
  return useQuery({
    queryKey: [...adminPoliciesQueryKey(insurerPartyId), filter],
    queryFn: ({ signal }) => getAdminPolicies(insurerPartyId, filter, signal),
    placeholderData: keepPreviousData,
  });
}

export type AdminDecision =
  | { kind: 'accept'; body: AcceptPolicy }
  | { kind: 'reject'; body: PolicyEnd }
  | { kind: 'cancel'; body: PolicyEnd };

export function decidePolicy(
  insurerPartyId: string,
  policyId: string,
  decision: AdminDecision,
): Promise<Policy> {
  return api.post(
    `${base(insurerPartyId)}/policies/${encodeURIComponent(policyId)}/${decision.kind}`,
    decision.body,
    {
      schema: PolicySchema,
    },
  );
}

export function useDecidePolicy(insurerPartyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ policyId, decision }: { policyId: string; decision: AdminDecision }) =>
      decidePolicy(insurerPartyId, policyId, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['insurer-admin'] }),
  });
}
