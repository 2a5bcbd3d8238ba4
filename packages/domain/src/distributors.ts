import { z } from 'zod';

/*
 * The public list of dealers that sell plates and register bikes (/find-distributor, issue 17 §3):
 * what anyone may see of a dealer. Its own small file, so the public page loads nothing of the
 * backoffice's contracts. Custom zod messages are validation codes (VALIDATION_MESSAGES in identity.ts).
 */

/** GET /distributors — listed dealers whose town, postcode or name matches; all when empty. */
export const DistributorsQuerySchema = z.object({
  query: z.string().trim().max(100, { error: 'too_long' }).optional().default(''),
});
export const DISTRIBUTORS_LIMIT = 200;

/** What anyone may see of a dealer: the shop, never its members or billing. */
export const DistributorSchema = z.object({
  party_id: z.uuid(),
  name: z.string(),
  street_address: z.string().nullable(),
  postcode: z.string().nullable(),
  town: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Distributor = z.infer<typeof DistributorSchema>;
export const DistributorListSchema = z.array(DistributorSchema);
