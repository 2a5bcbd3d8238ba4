import { type LockCommandResult, LockCommandResultSchema } from '@nbr/domain/docks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';
import { applyLockView } from '../lib/lock-cache.ts';
import { docksQueryKey } from './get-docks.ts';

/*
 * POST /docks/{dockId}/locks/{lockId}/lock {bike_id} and …/unlock: one press is one command, its
 * Idempotency-Key kept while the same press is retried after a network or server error, so the lock
 * never moves twice. The answer comes when the lock has answered (or after 10 s: timed_out).
 */

export type LockCommand =
  | { kind: 'lock'; dockId: string; lockId: string; bikeId: string }
  | { kind: 'unlock'; dockId: string; lockId: string };

export function sendLockCommand(command: LockCommand): Promise<LockCommandResult> {
  const path = `/docks/${encodeURIComponent(command.dockId)}/locks/${encodeURIComponent(command.lockId)}/${command.kind}`;
  const body = command.kind === 'lock' ? { bike_id: command.bikeId } : undefined;
  return withIdempotencyKey(`${path} ${JSON.stringify(body ?? null)}`, (key) =>
    api.post(path, body, { schema: LockCommandResultSchema, headers: { [IDEMPOTENCY_HEADER]: key } }),
  );
}

export function useLockCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendLockCommand,
    onSuccess: (result, command) => {
      applyLockView(queryClient, command.dockId, result.lock);
      void queryClient.invalidateQueries({ queryKey: docksQueryKey, exact: true });
    },
  });
}
