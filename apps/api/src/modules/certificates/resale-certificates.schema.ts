import { z } from 'zod';

/** The published certificate keys, a JWK set (RFC 7517) of Ed25519 public keys (RFC 8037). */
export const CertificateKeysSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('OKP'),
      crv: z.literal('Ed25519'),
      x: z.string(),
      kid: z.string(),
      alg: z.literal('EdDSA'),
      use: z.literal('sig'),
    }),
  ),
});
export type CertificateKeys = z.infer<typeof CertificateKeysSchema>;
