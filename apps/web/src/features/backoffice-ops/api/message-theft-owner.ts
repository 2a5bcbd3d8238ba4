import { StaffOwnerMessageAnswerSchema } from '@nbr/domain/theft';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /backoffice/theft-reports/{reportId}/messages — a message to the owner through the register. */
export function messageTheftOwner(input: { reportId: string; text: string }) {
  return api.post(
    `/backoffice/theft-reports/${encodeURIComponent(input.reportId)}/messages`,
    { text: input.text },
    { schema: StaffOwnerMessageAnswerSchema },
  );
}

export function useMessageTheftOwner() {
  return useMutation({ mutationFn: messageTheftOwner });
}
