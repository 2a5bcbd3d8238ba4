import type { AccountDeletion } from '@nbr/domain/identity';
import * as backoffice from '../modules/backoffice/backoffice.facade.ts';
import * as bikes from '../modules/bikes/bikes.facade.ts';
import * as certificates from '../modules/certificates/certificates.facade.ts';
import * as chats from '../modules/chats/chats.facade.ts';
import * as docks from '../modules/docks/docks.facade.ts';
import * as flows from '../modules/flows/flows.facade.ts';
import type { IdentityDeps } from '../modules/identity/identity.facade.ts';
import * as identity from '../modules/identity/identity.facade.ts';
import * as insurance from '../modules/insurance/insurance.facade.ts';
import * as ownership from '../modules/ownership/ownership.facade.ts';
import * as support from '../modules/support/support.facade.ts';
import * as surveys from '../modules/surveys/surveys.facade.ts';
import * as theft from '../modules/theft/theft.facade.ts';
import * as webshop from '../modules/webshop/webshop.facade.ts';
import type { RequestAuth } from '../platform/auth/authenticate.ts';

/**
 * DELETE /api/identities/{party_id}: the account goes for good, and with it everything that is
 * only the person's. In one transaction:
 * 1. the account, locked (a second deletion at once finds it gone), and the person's fresh proof
 *    (password, or a MitID/BankID approval without one); the last admin of an organisation with
 *    other members is refused; memberships end;
 * 2. every bike the person owns, locked, then bike by bike in the lock order of every use case
 *    (bike → transfer → requests): its pending offer cancelled and open requests closed with a word
 *    in their chats, then its rows gone as a bike deletion would (plates freed), audited; the
 *    files they uploaded to bikes someone else owns now (all but a bike's public picture);
 * 3. theft reports they made of bikes now someone else's, the guests their address claimed and
 *    unconfirmed messages written from it, and their address on offers made to them; their
 *    insurance policies and what insurers uploaded about them (the insurer keeps its own books);
 *    their support tickets (and those written as a visitor from their addresses), with every message;
 *    where they locked bikes in docks (their closed parkings; one still open stays, by party id
 *    only, for the operator to open), and who sent their lock commands (the commands stay in the
 *    lock's history without them; an operator's list of people keeps the address it typed); their
 *    commuter survey answers (issue 29 §1) and their walks through campaigns (issue 29 §2); the
 *    resale certificates they issued (issue 32 §4: deleted, so their pages answer "not found");
 * 4. the person erased or pseudonymised (profile, national identity checks and their sessions, staff
 *    role, invitations, audit details, other people's pending mails naming them), sessions
 *    revoked, and a goodbye mailed that leaves no row once delivered. Payment records stay, by party
 *    id only (bookkeeping law: 5 years): orders and their receipts are kept without the buyer's
 *    address and shipping address; the orders they placed for an organisation they administered keep
 *    the organisation's own details, with its invoice address in place of theirs.
 * Once committed, the stored bytes of the bikes' files are removed.
 */
export async function deleteAccount(
  deps: IdentityDeps,
  auth: RequestAuth,
  partyId: string,
  // The confirmations are checked by the route schema (all four must be true); taken here so no
  // caller can skip them. The password (or a fresh approval) proves it is the person.
  request: AccountDeletion,
): Promise<void> {
  identity.checkAccountDeletion(auth, partyId);
  const storageKeys = await deps.db.transaction(async (tx) => {
    const account = await identity.lockAccountForDeletion(tx, partyId);
    await identity.proveAccountDeletion(tx, account, request.password);
    const bikeFileKeys: string[] = [];
    const bikeIds = await bikes.lockBikesOfAccount(tx, partyId);
    // The resale certificates they issued go (issue 32 §4): a scanned one then answers "not found".
    await certificates.forgetCertificatesOf(tx, partyId);
    // The photos the police or a municipality took of the bikes when they held them (issue 17 §3).
    bikeFileKeys.push(...(await theft.pickupPhotoKeysOfBikes(tx, bikeIds)));
    for (const bikeId of bikeIds) {
      await ownership.closeOwnershipMattersOfBike(tx, bikeId);
      bikeFileKeys.push(...(await bikes.deleteBikeOfDeletedAccount(tx, partyId, bikeId)));
    }
    bikeFileKeys.push(...(await bikes.forgetFilesUploadedBy(tx, partyId)));
    await theft.forgetTheftReportsOf(tx, partyId);
    await chats.forgetGuestContactsOf(tx, partyId);
    await chats.forgetUnconfirmedMessagesFrom(tx, identity.addressesOf(account));
    await ownership.forgetAddressInOffers(tx, partyId, identity.addressesOf(account));
    await insurance.forgetInsuranceOf(tx, partyId, identity.addressesOf(account));
    await support.forgetSupportTicketsOf(tx, partyId, identity.addressesOf(account));
    await backoffice.forgetImportedRowsOf(tx, partyId, identity.addressesOf(account));
    await docks.forgetDockUseOf(tx, partyId);
    await surveys.forgetSurveyAnswersOf(tx, partyId);
    await flows.forgetFlowWalksOf(tx, partyId);
    await webshop.pseudonymiseOrdersOf(tx, partyId, new Date());
    await webshop.forgetBuyerAddressOnOrdersOfOthers(tx, partyId, identity.addressesOf(account), new Date());
    await identity.eraseAccount(tx, account);
    return bikeFileKeys;
  });
  // Stored bytes cannot be rolled back with the deletion, so they go once it has committed.
  if (storageKeys.length > 0) await deps.storage?.delete(storageKeys);
}
