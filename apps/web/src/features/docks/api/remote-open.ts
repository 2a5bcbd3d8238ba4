import { type LockCommandResult, LockCommandResultSchema } from '@nbr/domain/docks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';
import { dockOperationQueryKey } from './get-dock-operation.ts';

/**
 * POST /docks/{dockId}/locks/{lockId}/remote-open {reason} — the operator opens a lock (audited, in
 * the bike owner's access log). One press is one command: its key is kept while the press is retried.
 */
export function remoteOpen(input: {
  dockId: string;
  lockId: string;
  reason: string;
}): Promise<LockCommandResult> {
  const path = `/docks/${encodeURIComponent(input.dockId)}/locks/${encodeURIComponent(input.lockId)}/remote-open`;
  const body = { reason: input.reason };
  return withIdempotencyKey(`${path} ${JSON.stringify(body)}`, (key) =>
    api.post(path, body, { schema: LockCommandResultSchema, headers: { [IDEMPOTENCY_HEADER]: key } }),
  );
}

export function useRemoteOpen(dockId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { lockId: string; reason: string }) => remoteOpen({ dockId, ...input }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: dockOperationQueryKey(dockId) }),
  });
}
