import type { Database } from '../../db/client.ts';
import { insertTrackingEvent } from './tracking.repository.ts';

export interface TrackedAction {
  kind: string;
  name: string;
  installed: boolean;
  /** The signed-in party, or null for a visitor. */
  partyId: string | null;
  appVersion: string | null;
  clientSessionId: string | null;
  properties: Record<string, unknown> | null;
}

/** Records one product-analytics event (a page view, a click, an install …). */
export async function trackAction(db: Database, action: TrackedAction): Promise<void> {
  await insertTrackingEvent(db, action);
}
