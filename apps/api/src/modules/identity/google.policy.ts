/** Addresses on these domains are Google accounts themselves: Google decides who holds them. */
const GOOGLE_MAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Whether Google speaks for who owns an address, not just for who signed in to Google with it.
 * Gmail addresses are Google's own; a Google Workspace account (`hd`) is run by the domain's owner.
 * For any other address, whoever could read one mail sent to it (say, after buying a domain whose
 * registration lapsed) can open a Google account on it: `email_verified` proves nothing lasting.
 */
export function isGoogleAuthoritativeFor(email: string, hostedDomain: string | null): boolean {
  const domain = domainOf(email);
  if (GOOGLE_MAIL_DOMAINS.has(domain)) return true;
  return hostedDomain !== null && hostedDomain.toLowerCase() === domain;
}

/**
 * Whether a Google sign-in may attach itself to an existing account found by its address alone.
 * Staff accounts never: the backoffice is reached with a password (and its owner's consent), not
 * with whatever Google account comes to carry the address.
 */
export function mayLinkGoogleByEmail(
  email: string,
  hostedDomain: string | null,
  account: { isStaff: boolean },
): boolean {
  return !account.isStaff && isGoogleAuthoritativeFor(email, hostedDomain);
}
