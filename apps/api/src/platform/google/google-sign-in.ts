import type { FastifyInstance } from 'fastify';
import type { GoogleConfig } from '../../config.ts';
import { createGoogleTokenVerifier, type GoogleTokenVerifier } from './google-token-verifier.ts';
import { createTestGoogleIssuer, testGoogleIssuerRoutes } from './test-issuer.ts';

/** Google sign-in as configured: what the web app is told, and how tokens are checked. */
export interface GoogleSignIn {
  clientId: string;
  authorizationUrl: string;
  verifier: GoogleTokenVerifier;
}

/**
 * Builds Google sign-in from the configuration; null when it is off. With the test issuer selected
 * (never in production: config.ts does not offer it there) its pages are registered at /dev/google,
 * and its keys are read through the app itself, so tests and servers need no network for them.
 */
export async function createGoogleSignIn(
  app: FastifyInstance,
  google: GoogleConfig,
  publicUrl: string,
): Promise<GoogleSignIn | null> {
  if (google.mode === 'off') return null;
  if (google.mode === 'issuer') {
    return {
      clientId: google.clientId,
      authorizationUrl: google.authorizationUrl,
      verifier: createGoogleTokenVerifier({
        clientId: google.clientId,
        issuers: google.issuers,
        jwksUrl: google.jwksUrl,
      }),
    };
  }
  const issuer = await createTestGoogleIssuer({ issuer: google.issuer, clientId: google.clientId });
  await app.register((dev) => testGoogleIssuerRoutes(dev, { issuer, publicUrl }), { prefix: '/dev/google' });
  const jwksPath = '/dev/google/jwks';
  return {
    clientId: google.clientId,
    authorizationUrl: google.authorizationUrl,
    verifier: createGoogleTokenVerifier({
      clientId: google.clientId,
      issuers: [google.issuer],
      jwksUrl: `${google.issuer}/jwks`,
      fetchJwks: async () => {
        const answer = await app.inject({ method: 'GET', url: jwksPath });
        return new Response(answer.body, {
          status: answer.statusCode,
          headers: { 'content-type': 'application/json' },
        });
      },
    }),
  };
}
