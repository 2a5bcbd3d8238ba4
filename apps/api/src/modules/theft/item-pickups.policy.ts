import { isSelfServiceType } from '@nbr/domain/organisations';

/*
 * Who may tell an owner "your bike is waiting for you" (register a pickup). Pure functions over plain
 * facts, tested as a matrix in item-pickups.policy.test.ts.
 *
 * The mail and the chat message send the owner to a place to collect their bike, so the owner must
 * be able to trust who sent them: a person who has shown who they are with MitID/BankID, or an
 * organisation whose identity the registry itself checked. Only backoffice admins create those
 * (the police, insurers); anyone verified can found a business, club or dealer and invite anyone
 * into it, so acting for one of those vouches for nobody: its member needs the same identity check
 * as a person finder.
 */

export interface PickupHolderFacts {
  /** The person behind the session has a verified national identity. */
  isVerified: boolean;
  /**
   * The type of the organisation the person acts for (and still belongs to); null when they act as
   * themselves.
   */
  organisationType: string | null;
}

/** An organisation the registry checked before it existed (not one a person made for themselves). */
export function isVettedOrganisation(organisationType: string | null): boolean {
  return organisationType !== null && !isSelfServiceType(organisationType);
}

/** Whether the holder may register a pickup; otherwise they must verify their identity first. */
export function canRegisterPickup(holder: PickupHolderFacts): boolean {
  return holder.isVerified || isVettedOrganisation(holder.organisationType);
}
