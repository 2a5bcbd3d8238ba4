import type { IdentityRow } from './identity.repository.ts';

/**
 * A person as other modules see them: who they are and how to reach them, never their credentials
 * (password hash), pending e-mail change or the rest of the identity row.
 */
export interface Person {
  partyId: string;
  email: string;
  emailVerifiedAt: Date | null;
  verifiedOn: Date | null;
  firstName: string | null;
  lastName: string | null;
  /** The postal address and phones the person gave (a theft report is pre-filled with them). */
  streetAddress: string | null;
  floor: string | null;
  side: string | null;
  door: string | null;
  zipCode: string | null;
  city: string | null;
  mobile: string | null;
  phone: string | null;
  language: string;
  region: string;
  deletedAt: Date | null;
}

export function toPerson(identity: IdentityRow): Person {
  return {
    partyId: identity.partyId,
    email: identity.email,
    emailVerifiedAt: identity.emailVerifiedAt,
    verifiedOn: identity.verifiedOn,
    firstName: identity.firstName,
    lastName: identity.lastName,
    streetAddress: identity.streetAddress,
    floor: identity.floor,
    side: identity.side,
    door: identity.door,
    zipCode: identity.zipCode,
    city: identity.city,
    mobile: identity.mobile,
    phone: identity.phone,
    language: identity.language,
    region: identity.region,
    deletedAt: identity.deletedAt,
  };
}
