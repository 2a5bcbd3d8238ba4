import * as client from 'openid-client';
import { AppError } from '../errors.ts';
import type {
  AuthorizationRequest,
  AuthorizationResult,
  IdentityProvider,
  NationalIdentityProvider,
  VerifiedPerson,
} from './identity-provider.ts';

/** Our client registration at one OpenID provider (a MitID or BankID broker, or the built-in one). */
export interface OidcClientRegistration {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * The assurance levels accepted (`acr`), e.g. MitID substantial and high at a broker offering
   * several methods. Sent as `acr_values`, and an ID token with any other `acr` (or none) fails the
   * check. Empty or absent: whatever the broker's default is.
   */
  acrValues?: readonly string[];
}

export interface OidcIdentityProviderOptions {
  kind: IdentityProvider['kind'];
  clients: Partial<Record<NationalIdentityProvider, OidcClientRegistration | null>>;
  /** Replaces fetch for every call to the provider (the built-in provider is reached through app.inject). */
  fetch?: client.CustomFetch;
  /** Plain http:// — only ever for the built-in provider, which lives at PUBLIC_URL. */
  allowInsecureRequests?: boolean;
  /** Provider calls taking longer are abandoned (identity_provider_unavailable). */
  timeoutMs?: number;
  /** Where failures worth a look (provider down, token refused) are logged. */
  log?: { warn(object: object, message: string): void };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/**
 * An OpenID Connect relying party: discovery, authorization code flow with PKCE (S256), state and
 * nonce, ID token verified by openid-client (issuer, audience, nonce, signature against the JWKS),
 * then userinfo. Discovery is done on first use and kept; a failed discovery is retried next time.
 */
export function createOidcIdentityProvider(options: OidcIdentityProviderOptions): IdentityProvider {
  const configurations = new Map<NationalIdentityProvider, Promise<client.Configuration>>();
  const timeoutMs = options.timeoutMs ?? 10_000;

  function registration(provider: NationalIdentityProvider): OidcClientRegistration {
    const found = options.clients[provider];
    if (!found) throw new AppError('identity_provider_unavailable');
    return found;
  }

  function configuration(provider: NationalIdentityProvider): Promise<client.Configuration> {
    let pending = configurations.get(provider);
    if (!pending) {
      const { issuer, clientId, clientSecret } = registration(provider);
      pending = client
        .discovery(new URL(issuer), clientId, undefined, client.ClientSecretBasic(clientSecret), {
          ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
          ...(options.allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : {}),
          timeout: Math.ceil(timeoutMs / 1000),
        })
        .catch((error: unknown) => {
          configurations.delete(provider);
          options.log?.warn({ err: error, provider }, 'national identity provider discovery failed');
          throw new AppError('identity_provider_unavailable');
        });
      configurations.set(provider, pending);
    }
    return pending;
  }

  /** A refusal by the provider or a token that does not verify fails the check; anything else is an outage. */
  function failure(error: unknown, provider: NationalIdentityProvider): AppError {
    if (error instanceof AppError) return error;
    const refused =
      error instanceof client.ResponseBodyError ||
      error instanceof client.AuthorizationResponseError ||
      error instanceof client.ClientError;
    const status = (error as { status?: unknown }).status;
    const outage = typeof status === 'number' && status >= 500;
    options.log?.warn({ err: error, provider }, 'national identity check failed');
    return new AppError(
      refused && !outage ? 'identity_verification_failed' : 'identity_provider_unavailable',
    );
  }

  return {
    kind: options.kind,

    isAvailable: (provider) => Boolean(options.clients[provider]),

    async beginAuthorization(request: AuthorizationRequest): Promise<URL> {
      const config = await configuration(request.provider);
      const acrValues = registration(request.provider).acrValues ?? [];
      return client.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: 'openid profile',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        // Every check is a fresh authentication, never a provider session remembered from earlier.
        prompt: 'login',
        ...(request.language ? { ui_locales: request.language } : {}),
        ...(acrValues.length > 0 ? { acr_values: acrValues.join(' ') } : {}),
      });
    },

    async completeAuthorization(result: AuthorizationResult): Promise<VerifiedPerson> {
      const config = await configuration(result.provider);
      try {
        const callback = new URL(result.redirectUri);
        callback.searchParams.set('code', result.code);
        callback.searchParams.set('state', result.state);
        if (result.iss) callback.searchParams.set('iss', result.iss);
        const tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: result.codeVerifier,
          expectedState: result.state,
          expectedNonce: result.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new AppError('identity_verification_failed');
        // acr_values is only a request: a broker may answer with a weaker method it also offers.
        const acrValues = registration(result.provider).acrValues ?? [];
        if (acrValues.length > 0 && !acrValues.includes(String(idToken.acr ?? ''))) {
          options.log?.warn(
            { provider: result.provider, acr: idToken.acr ?? null },
            'national identity check at an assurance level not accepted',
          );
          throw new AppError('identity_verification_failed');
        }
        const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        const claims: Record<string, unknown> = { ...idToken, ...userinfo };
        const birthDate = text(claims.birthdate);
        // Without a birth date the check proves too little for the register (age, ownership disputes).
        if (!birthDate || !DATE.test(birthDate)) throw new AppError('identity_verification_failed');
        return {
          issuer: idToken.iss,
          subject: idToken.sub,
          name: text(claims.name),
          givenName: text(claims.given_name),
          familyName: text(claims.family_name),
          birthDate,
        };
      } catch (error) {
        throw failure(error, result.provider);
      }
    },
  };
}
