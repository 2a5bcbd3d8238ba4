import type { Executor } from '../../db/client.ts';
import { trackingEvents } from '../../db/schema/identity.ts';
import { uuidv7 } from '../../platform/ids.ts';

export type TrackingEventInsert = Omit<typeof trackingEvents.$inferInsert, 'id' | 'createdAt'>;

export async function insertTrackingEvent(executor: Executor, values: TrackingEventInsert): Promise<void> {
  await executor.insert(trackingEvents).values({ id: uuidv7(), ...values });
}
