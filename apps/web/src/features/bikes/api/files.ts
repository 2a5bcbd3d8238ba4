import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bikeQueryKey } from '../../../lib/api/bikes/get-bike.ts';
import { bikesQueryKey } from '../../../lib/api/bikes/get-bikes.ts';
import {
  type DocumentUpload,
  type PictureUpload,
  uploadDocument,
  uploadPicture,
} from '../../../lib/api/bikes/upload-bike-file.ts';
import { api } from '../../../lib/api-client.ts';

export { type DocumentUpload, type PictureUpload, uploadDocument, uploadPicture };

const base = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}`;

export function deletePicture(bikeId: string, pictureId: string): Promise<void> {
  return api.delete(`${base(bikeId)}/pictures/${encodeURIComponent(pictureId)}`);
}

export function deleteDocument(bikeId: string, documentId: string): Promise<void> {
  return api.delete(`${base(bikeId)}/documents/${encodeURIComponent(documentId)}`);
}

/** After any change of files the bike (its signed addresses) and the list (its thumbnail) are read again. */
function useRefreshBike(bikeId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bikeQueryKey(bikeId), exact: true }),
      queryClient.invalidateQueries({ queryKey: bikesQueryKey, exact: true }),
    ]);
}

export function useUploadPicture(bikeId: string) {
  const refresh = useRefreshBike(bikeId);
  return useMutation({
    mutationFn: (input: PictureUpload) => uploadPicture(bikeId, input),
    onSuccess: refresh,
  });
}

export function useUploadDocument(bikeId: string) {
  const refresh = useRefreshBike(bikeId);
  return useMutation({
    mutationFn: (input: DocumentUpload) => uploadDocument(bikeId, input),
    onSuccess: refresh,
  });
}

export function useDeletePicture(bikeId: string) {
  const refresh = useRefreshBike(bikeId);
  return useMutation({
    mutationFn: (pictureId: string) => deletePicture(bikeId, pictureId),
    onSuccess: refresh,
  });
}

export function useDeleteDocument(bikeId: string) {
  const refresh = useRefreshBike(bikeId);
  return useMutation({
    mutationFn: (documentId: string) => deleteDocument(bikeId, documentId),
    onSuccess: refresh,
  });
}
