import { z } from 'zod';
import { BikeCategorySchema, BikeColorSchema } from './bikes.ts';

/*
 * Resale certificates (issue 32 §4): a bike's history an owner hands a buyer, signed by the register
 * (Ed25519), as a page (/certifikat/{id}) and a PDF. It names no person: no name, address or e-mail.
 */

export const CERTIFICATE_TYPE = 'nbr-resale-certificate';
export const CERTIFICATE_VERSION = 1;

/** A date without a time (YYYY-MM-DD, UTC). */
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What the register signs: exactly these fields, as canonical JSON (canonical-json.ts). */
export const CertificateStatementSchema = z.object({
  type: z.literal(CERTIFICATE_TYPE),
  version: z.literal(CERTIFICATE_VERSION),
  certificate_id: z.uuid(),
  /** The id of the key that signed (a JWK `kid` of /.well-known/nbr-certificate-keys.json). */
  kid: z.string(),
  issued_at: z.iso.datetime(),
  bike: z.object({
    bike_id: z.uuid(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    color: BikeColorSchema.nullable(),
    category: BikeCategorySchema.nullable(),
    is_electric: z.boolean(),
    /** Frame numbers are never public (docs/product.md, "Bike visibility"): all but the last 3 characters masked. */
    frame_number_masked: z.string().nullable(),
  }),
  registered_since: DaySchema,
  number_of_owners: z.number().int().min(1),
  /** Each theft report sent, oldest first: when reported stolen and when found again (null: not found). */
  thefts: z.array(z.object({ reported_stolen_on: DaySchema, recovered_on: DaySchema.nullable() })),
  /** Whether the owner who issued it has verified their identity with MitID/BankID. */
  owner_identity_verified: z.boolean(),
});
export type CertificateStatement = z.infer<typeof CertificateStatementSchema>;

/**
 * What a certificate says today: `current` (nothing changed), `stolen` (the bike is reported
 * stolen now), `superseded` (it changed hands, or was reported stolen and found, since), `revoked`
 * (its owner withdrew it), `bike_deleted` (the bike left the register).
 */
export const CERTIFICATE_STATUSES = ['current', 'stolen', 'superseded', 'revoked', 'bike_deleted'] as const;
export const CertificateStatusSchema = z.enum(CERTIFICATE_STATUSES);
export type CertificateStatus = z.infer<typeof CertificateStatusSchema>;

export const CertificateParamsSchema = z.object({ certificate_id: z.string() });

/** GET /api/resale-certificates/{id}: the certificate and what changed since, for anyone holding its address. */
export const ResaleCertificateSchema = z.object({
  certificate_id: z.uuid(),
  statement: CertificateStatementSchema,
  /** The exact bytes signed (canonical JSON of `statement`), for checking the signature offline. */
  signed_text: z.string(),
  /** Ed25519 signature of `signed_text`, base64url. */
  signature: z.string(),
  kid: z.string(),
  /** The signature verifies with a key the register publishes. */
  genuine: z.boolean(),
  status: CertificateStatusSchema,
  /** The bike has had another owner since the certificate was issued. */
  transferred_since: z.boolean(),
  /** The first theft report sent after the certificate was issued (YYYY-MM-DD), if any. */
  reported_stolen_since: DaySchema.nullable(),
  revoked_at: z.iso.datetime().nullable(),
  checked_at: z.iso.datetime(),
  /** The caller owns the bike now (the page then offers no ownership request). */
  is_owner: z.boolean(),
  pdf_url: z.string(),
});
export type ResaleCertificate = z.infer<typeof ResaleCertificateSchema>;

/** A certificate as its issuer lists it on the bike page. */
export const OwnResaleCertificateSchema = z.object({
  certificate_id: z.uuid(),
  issued_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
  status: CertificateStatusSchema,
  /** The page a buyer opens (the QR code's address). */
  page_url: z.string(),
  pdf_url: z.string(),
});
export type OwnResaleCertificate = z.infer<typeof OwnResaleCertificateSchema>;

export const OwnResaleCertificateListSchema = z.object({ certificates: z.array(OwnResaleCertificateSchema) });
export type OwnResaleCertificateList = z.infer<typeof OwnResaleCertificateListSchema>;

/** All but the last 3 characters of a frame number, as `*`; short ones keep only their last character. */
export function maskFrameNumber(frameNumber: string | null): string | null {
  if (!frameNumber) return null;
  const shown = frameNumber.length > 6 ? 3 : 1;
  return `${'*'.repeat(frameNumber.length - shown)}${frameNumber.slice(-shown)}`;
}

/** The certificate's page, from the web app's base address. */
export function certificatePagePath(certificateId: string): string {
  return `/certifikat/${certificateId}`;
}
