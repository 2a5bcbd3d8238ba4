import {
  POSSESSION_PICTURE_KIND,
  type Possession,
  PossessionSchema,
  type RequiredUpload,
} from '@nbr/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bikeQueryKey } from '../../../lib/api/bikes/get-bike.ts';
import { uploadDocument, uploadPicture } from '../../../lib/api/bikes/upload-bike-file.ts';
import { api } from '../../../lib/api-client.ts';
import { possessionPath, possessionQueryKey } from './hub-get-possession.ts';
import { policyQueryKey } from './policies-get-policy.ts';

export interface PossessionFile {
  kind: RequiredUpload;
  file: File;
}

/**
 * Uploads the file to the bike (POST /bikes/{bike_id}/pictures, or /documents for a PDF receipt or
 * lock certificate: stored without the camera's metadata), then links it to the insured bike as
 * its kind of upload (POST /insurance/insured-items/{id}/possession/uploads/).
 */
export async function addPossessionUpload(
  itemId: string,
  bikeId: string,
  { kind, file }: PossessionFile,
): Promise<Possession> {
  const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  const fileId = isPdf
    ? (await uploadDocument(bikeId, { kind: kind === 'lock_proof' ? 'lock_certificate' : 'receipt', file }))
        .document_id
    : (await uploadPicture(bikeId, { kind: POSSESSION_PICTURE_KIND[kind], file })).picture_id;
  return api.post(
    `${possessionPath(itemId)}uploads/`,
    { kind, file_id: fileId },
    { schema: PossessionSchema },
  );
}

export function useAddPossessionUpload(itemId: string, bikeId: string, policyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PossessionFile) => addPossessionUpload(itemId, bikeId, input),
    onSuccess: (possession) => {
      queryClient.setQueryData(possessionQueryKey(itemId), possession);
      void queryClient.invalidateQueries({ queryKey: policyQueryKey(policyId) });
      void queryClient.invalidateQueries({ queryKey: bikeQueryKey(bikeId), exact: true });
    },
  });
}
