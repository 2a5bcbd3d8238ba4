import type { DockLocks, DockOperation, LockState, LockView } from '@nbr/domain/docks';
import type { QueryClient } from '@tanstack/react-query';
import { dockLocksQueryKey } from '../api/get-dock-locks.ts';
import { dockOperationQueryKey } from '../api/get-dock-operation.ts';

/**
 * The dock's cached locks with one lock's new state from the live channel (unknown lock: unchanged).
 * A lock that is free again holds nobody's bike, mine neither (an operator may have opened it).
 */
export function withLockState(data: DockLocks, lockId: string, state: LockState): DockLocks {
  if (!data.locks.some((lock) => lock.id === lockId && lock.state !== state)) return data;
  const locks = data.locks.map((lock) => {
    if (lock.id !== lockId) return lock;
    return state === 'free' ? { ...lock, state, is_mine: false, my_parking: null } : { ...lock, state };
  });
  return summarise(data, locks);
}

function summarise(data: DockLocks, locks: LockView[]): DockLocks {
  return {
    ...data,
    dock: {
      ...data.dock,
      free_locks: locks.filter((lock) => lock.state === 'free').length,
      my_locks: locks.filter((lock) => lock.is_mine).length,
    },
    locks,
  };
}

/** The dock's cached locks with one lock as a command's answer shows it (whose it is included). */
export function withLockView(data: DockLocks, view: LockView): DockLocks {
  return summarise(
    data,
    data.locks.map((lock) => (lock.id === view.id ? view : lock)),
  );
}

export function applyLockState(queryClient: QueryClient, dockId: string, lockId: string, state: LockState) {
  queryClient.setQueryData<DockLocks>(dockLocksQueryKey(dockId), (data) =>
    data ? withLockState(data, lockId, state) : data,
  );
}

export function applyLockView(queryClient: QueryClient, dockId: string, view: LockView) {
  queryClient.setQueryData<DockLocks>(dockLocksQueryKey(dockId), (data) =>
    data ? withLockView(data, view) : data,
  );
}

/** The operator's cached dock with one lock's new state from the live channel. */
export function withOperatorLockState(data: DockOperation, lockId: string, state: LockState): DockOperation {
  if (!data.locks.some((lock) => lock.id === lockId && lock.state !== state)) return data;
  return { ...data, locks: data.locks.map((lock) => (lock.id === lockId ? { ...lock, state } : lock)) };
}

export function applyOperatorLockState(
  queryClient: QueryClient,
  dockId: string,
  lockId: string,
  state: LockState,
) {
  queryClient.setQueryData<DockOperation>(dockOperationQueryKey(dockId), (data) =>
    data ? withOperatorLockState(data, lockId, state) : data,
  );
}
