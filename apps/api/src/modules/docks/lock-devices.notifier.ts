import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicPass, logPassFailure, type PeriodicPass } from '../../platform/periodic-pass.ts';
import { timeOutCommands } from './lock-commands.service.ts';
import * as repository from './lock-devices.repository.ts';
import { deviceKey, type LocksDeps, publishLocksOfDevice } from './lock-live.ts';

export type LockDevicePass = PeriodicPass<{ timedOut: number; offline: number }>;

/**
 * What must happen even when no request is waiting (issue 28): commands whose deadline passed
 * without an outcome are timed out (the instance that waited for them died), and devices not heard
 * for settings.offlineAfterMs are marked disconnected, their sockets closed wherever they are and
 * their locks published offline. Both are single UPDATEs with RETURNING, so with several instances
 * running the pass each command and each device is handled by exactly one of them.
 */
export function createLockDevicePass(options: {
  deps: LocksDeps;
  logger: FastifyBaseLogger;
}): LockDevicePass {
  const { deps, logger } = options;
  return createPeriodicPass({
    name: 'dock-devices',
    pass: async (now) => {
      const timedOut = await timeOutCommands(deps, 'expired', now);
      const silent = await repository.disconnectSilentDevices(
        deps.db,
        new Date(now.getTime() - deps.settings.offlineAfterMs),
      );
      for (const device of silent) {
        await deps.hub.publish(deviceKey(device.id), {
          type: 'dock.device_disconnect',
          keep_connection_id: null,
        });
        await publishLocksOfDevice(deps, device.id);
      }
      return { timedOut, offline: silent.length };
    },
    intervalMs: deps.settings.passIntervalMs,
    onReport: (report) => {
      if (report.timedOut > 0 || report.offline > 0) logger.info({ ...report }, 'dock devices pass');
    },
    onError: logPassFailure(logger, 'dock devices pass failed'),
  });
}
