import type { Executor } from '../db/client.ts';
import * as backoffice from '../modules/backoffice/backoffice.facade.ts';
import * as chats from '../modules/chats/chats.facade.ts';
import type { AddressProof, Person } from '../modules/identity/identity.facade.ts';
import * as ownership from '../modules/ownership/ownership.facade.ts';
import * as support from '../modules/support/support.facade.ts';

/**
 * Identity's "an address was proven" callback (IdentityDeps.onAddressProven, wired in app.ts), in
 * identity's transaction:
 * - confirming the address (the e-mail verification link): bikes offered to it before it was
 *   confirmed are the person's to answer now (ownership binds them when they look, too);
 * - confirming it or signing in with it: what they wrote to owners from it without an account
 *   continues in their chats, and their confirmed questions to support as a visitor join their
 *   tickets; the bikes a register imported for it (bulk onboarding) become theirs.
 */
export async function onAddressProven(
  executor: Executor,
  person: Person,
  proof: AddressProof,
): Promise<void> {
  if (proof === 'confirmation') await ownership.bindOffersAfterEmailVerification(executor, person);
  await chats.claimGuestContacts(executor, person);
  await support.claimGuestTickets(executor, person);
  await backoffice.claimImportedBikes(executor, person);
}
