import { randomBytes } from 'node:crypto';
import { NATIONAL_SIGN_IN_RETURN_PATH } from '@nbr/domain/national-sign-in';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '../mail/render.ts';
import { type NationalIdentityProvider, VERIFICATION_REDIRECT_PATH } from './identity-provider.ts';
import type { OidcClientRegistration } from './oidc-client.ts';

/** Where the built-in provider lives under PUBLIC_URL. */
export const DEV_OIDC_PATH = '/dev/oidc';
/**
 * The assurance level the test provider reports for every login, as a broker reports MitID
 * "substantial" or BankID "high", so a client pinned to acr values can be tried against it.
 */
export const DEV_ACR = 'urn:nbr:test:loa:substantial';

/**
 * A made-up person of the test MitID/BankID. The national id number is shown on the picker only, so a
 * tester recognises the person; it is not a claim and we never store it.
 */
export interface TestPerson {
  /** The stable pseudonymous subject the provider answers with. */
  subject: string;
  provider: NationalIdentityProvider;
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  /** CPR-style (Denmark) or synthetic fødselsnummer (Norway: month + 80, as Skatteetaten's synthetic numbers). */
  nationalIdNumber: string;
}

export const TEST_PERSONS: readonly TestPerson[] = [
  {
    subject: 'a3c1f0d2-4b7e-4c2a-9d31-0d1f6e2a7b01',
    provider: 'mitid',
    givenName: 'Freja',
    familyName: 'Nørgaard',
    birthDate: '1992-03-14',
    nationalIdNumber: '140392-4018',
  },
  {
    subject: 'a3c1f0d2-4b7e-4c2a-9d31-0d1f6e2a7b02',
    provider: 'mitid',
    givenName: 'Mads',
    familyName: 'Østergaard',
    birthDate: '1985-11-02',
    nationalIdNumber: '021185-3927',
  },
  {
    subject: 'a3c1f0d2-4b7e-4c2a-9d31-0d1f6e2a7b03',
    provider: 'mitid',
    givenName: 'Ida',
    familyName: 'Kjær',
    birthDate: '2006-07-21',
    nationalIdNumber: '210706-5044',
  },
  {
    subject: 'a3c1f0d2-4b7e-4c2a-9d31-0d1f6e2a7b04',
    provider: 'mitid',
    givenName: 'Bent',
    familyName: 'Ågesen',
    birthDate: '1948-05-30',
    nationalIdNumber: '300548-1113',
  },
  {
    subject: 'b7e2d1c3-5a8f-4d3b-8e42-1e2a7f3b8c01',
    provider: 'bankid',
    givenName: 'Ingrid',
    familyName: 'Solberg',
    birthDate: '1990-01-15',
    nationalIdNumber: '15819012345',
  },
  {
    subject: 'b7e2d1c3-5a8f-4d3b-8e42-1e2a7f3b8c02',
    provider: 'bankid',
    givenName: 'Ola',
    familyName: 'Nordmann',
    birthDate: '1978-09-03',
    nationalIdNumber: '03897823456',
  },
  {
    subject: 'b7e2d1c3-5a8f-4d3b-8e42-1e2a7f3b8c03',
    provider: 'bankid',
    givenName: 'Sigrid',
    familyName: 'Hætta',
    birthDate: '2005-12-24',
    nationalIdNumber: '24920534567',
  },
  {
    subject: 'b7e2d1c3-5a8f-4d3b-8e42-1e2a7f3b8c04',
    provider: 'bankid',
    givenName: 'Kåre',
    familyName: 'Lyngstad',
    birthDate: '1950-06-11',
    nationalIdNumber: '11865045678',
  },
];

export const testPersonsOf = (provider: NationalIdentityProvider) =>
  TEST_PERSONS.filter((person) => person.provider === provider);

export const findTestPerson = (subject: string) => TEST_PERSONS.find((person) => person.subject === subject);

/** The client id of each national identity at the built-in provider. */
export const DEV_CLIENT_IDS: Record<NationalIdentityProvider, string> = {
  mitid: 'nbr-test-mitid',
  bankid: 'nbr-test-bankid',
};

export const providerOfClient = (clientId: unknown): NationalIdentityProvider | null =>
  clientId === DEV_CLIENT_IDS.mitid ? 'mitid' : clientId === DEV_CLIENT_IDS.bankid ? 'bankid' : null;

export interface DevOidcProvider {
  provider: Provider;
  issuer: string;
  /** Our registrations at it, for the OpenID client. */
  clients: Record<NationalIdentityProvider, OidcClientRegistration>;
}

/**
 * The built-in test MitID/BankID: a real OpenID provider (oidc-provider) with two static clients,
 * PKCE required, and test persons instead of real people. Keys, client secrets and cookie keys are
 * made per process; the provider keeps its state in memory — this is a development stand-in.
 */
export async function createDevOidcProvider(options: { publicUrl: string }): Promise<DevOidcProvider> {
  const issuer = `${options.publicUrl}${DEV_OIDC_PATH}`;
  // Identity checks of a signed-in person return to the app; sign-ins to the public login page.
  const redirectUris = [VERIFICATION_REDIRECT_PATH, NATIONAL_SIGN_IN_RETURN_PATH].map(
    (path) => `${options.publicUrl}${path}`,
  );
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    alg: 'ES256',
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  };
  const secrets = {
    mitid: randomBytes(24).toString('base64url'),
    bankid: randomBytes(24).toString('base64url'),
  };

  const configuration: Configuration = {
    clients: (['mitid', 'bankid'] as const).map((name) => ({
      client_id: DEV_CLIENT_IDS[name],
      client_secret: secrets[name],
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Brokers require PKCE of every client; the test one does too, so our client is held to it.
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name', 'birthdate'] },
    acrValues: [DEV_ACR],
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    // Short lives: an identity check is one sitting, and a remembered login would skip the picker.
    ttl: {
      Interaction: 15 * 60,
      Session: 15 * 60,
      Grant: 15 * 60,
      AuthorizationCode: 60,
      AccessToken: 5 * 60,
      IdToken: 5 * 60,
    },
    interactions: { url: (_ctx, interaction) => `${DEV_OIDC_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, subject) {
      const person = findTestPerson(subject);
      if (!person) return undefined;
      return {
        accountId: subject,
        claims: async () => ({
          sub: subject,
          name: `${person.givenName} ${person.familyName}`,
          given_name: person.givenName,
          family_name: person.familyName,
          birthdate: person.birthDate,
        }),
      };
    },
    // Consent is implied: the person came from our app to prove who they are to it.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile');
      await grant.save();
      session.ensureClientContainer(client.clientId);
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Test identity provider: error</title><link rel="stylesheet" href="${DEV_OIDC_PATH}/dev-oidc.css"></head><body><main><h1>Test identity provider: error</h1>${Object.entries(
        out,
      )
        .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`)
        .join('')}</main></body></html>`;
    },
  };

  const provider = new Provider(issuer, configuration);
  // Every URL it makes follows PUBLIC_URL (the mount sets X-Forwarded-* from it), whichever host the
  // request came in on: a browser, a proxy, or app.inject from our own OpenID client.
  provider.proxy = true;
  return {
    provider,
    issuer,
    clients: {
      mitid: { issuer, clientId: DEV_CLIENT_IDS.mitid, clientSecret: secrets.mitid },
      bankid: { issuer, clientId: DEV_CLIENT_IDS.bankid, clientSecret: secrets.bankid },
    },
  };
}
