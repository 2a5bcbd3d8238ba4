import type { Executor } from '../db/client.ts';
import * as insurance from '../modules/insurance/insurance.facade.ts';
import type { OwnerContacted } from '../modules/theft/theft.facade.ts';

/**
 * Theft's "someone reached a bike's owner" callback (TheftDeps.onOwnerContacted, wired in app.ts),
 * in theft's transaction: when the owner is an insurer holding the registration because it paid the
 * claim on the bike, its admins are mailed (issue 16 §4: a bike found after payout alerts the
 * insurer, not the former owner).
 */
export function ownerContacted(publicUrl: string): OwnerContacted {
  return (executor: Executor, contact) => insurance.alertInsurerOfContact(executor, publicUrl, contact);
}
