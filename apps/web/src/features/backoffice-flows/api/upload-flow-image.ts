import { type FlowImage, FlowImageSchema } from '@nbr/domain/flows';
import { useMutation } from '@tanstack/react-query';
import { uploadForm } from '../../../lib/api/bikes/upload-bike-file.ts';

/** POST /backoffice/flows/images (multipart, `file`) — an image for an image block, re-encoded by the API. */
export function useUploadFlowImage() {
  return useMutation({
    mutationFn: (file: File): Promise<FlowImage> => {
      const form = new FormData();
      form.append('file', file);
      return uploadForm('/backoffice/flows/images', form, FlowImageSchema);
    },
  });
}
