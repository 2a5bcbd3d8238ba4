import {
  type ManufacturerCodeCreate,
  type ManufacturerCodeUpdate,
  type StaffManufacturerCode,
  StaffManufacturerCodeListSchema,
  StaffManufacturerCodeSchema,
} from '@nbr/domain/manufacturer-code-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const manufacturerCodesQueryKey = ['backoffice', 'manufacturer-codes'] as const;

/** GET /backoffice/manufacturer-codes — the table the frame-number check reads. */
export function listManufacturerCodes(signal?: AbortSignal): Promise<StaffManufacturerCode[]> {
  return api.get('/backoffice/manufacturer-codes', { schema: StaffManufacturerCodeListSchema, signal });
}

export function useManufacturerCodes() {
  return useQuery({
    queryKey: manufacturerCodesQueryKey,
    queryFn: ({ signal }) => listManufacturerCodes(signal),
  });
}

/** POST /backoffice/manufacturer-codes (a new code) or PUT …/{code} (an existing one) — admins. */
export function saveManufacturerCode(input: {
  isNew: boolean;
  code: string;
  fields: ManufacturerCodeUpdate;
}) {
  if (input.isNew) {
    const body: ManufacturerCodeCreate = { code: input.code, ...input.fields };
    return api.post('/backoffice/manufacturer-codes', body, { schema: StaffManufacturerCodeSchema });
  }
  return api.put(`/backoffice/manufacturer-codes/${encodeURIComponent(input.code)}`, input.fields, {
    schema: StaffManufacturerCodeSchema,
  });
}

export function useSaveManufacturerCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveManufacturerCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manufacturerCodesQueryKey }),
  });
}
