/**
 * A national digital identity check through OpenID Connect: MitID in Denmark, BankID in Norway,
 * usually behind a broker. Two implementations share one client (oidc-client.ts): a real broker
 * configured by environment, and the built-in test MitID/BankID served at /dev/oidc (dev-provider.ts).
 */
export const NATIONAL_IDENTITY_PROVIDERS = ['mitid', 'bankid'] as const;
export type NationalIdentityProvider = (typeof NATIONAL_IDENTITY_PROVIDERS)[number];

/** The app page every national identity provider returns the browser to (registered at each broker). */
export const VERIFICATION_REDIRECT_PATH = '/app/redirects/verification-complete-redirect';

export interface AuthorizationRequest {
  provider: NationalIdentityProvider;
  /** Binds the browser's return to our verification session (its id). */
  state: string;
  /** Binds the ID token to this request. */
  nonce: string;
  /** PKCE: only its S256 challenge leaves the server. */
  codeVerifier: string;
  redirectUri: string;
  /** A language hint for the provider's pages (ui_locales). */
  language?: string;
}

export interface AuthorizationResult {
  provider: NationalIdentityProvider;
  code: string;
  /** The `iss` parameter of the provider's redirect, when it sent one (RFC 9207). */
  iss?: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** Who the provider says the person is; never their national id number. */
export interface VerifiedPerson {
  issuer: string;
  /** The provider's stable, pseudonymous id of the person. */
  subject: string;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  /** YYYY-MM-DD */
  birthDate: string;
}

export interface IdentityProvider {
  /** `builtin` for the test MitID/BankID, `oidc` for a real broker. */
  readonly kind: 'builtin' | 'oidc';
  /** Whether this national identity can be used at all (a broker may be configured for one country only). */
  isAvailable(provider: NationalIdentityProvider): boolean;
  /** The provider's authorization URL to send the browser to. Throws identity_provider_unavailable. */
  beginAuthorization(request: AuthorizationRequest): Promise<URL>;
  /**
   * Exchanges the code (PKCE), verifies the ID token (issuer, audience, nonce, signature) and reads
   * userinfo. Throws identity_verification_failed or identity_provider_unavailable.
   */
  completeAuthorization(result: AuthorizationResult): Promise<VerifiedPerson>;
}
