import { z } from 'zod';

/**
 * Ids in paths are any short string: one that is not a UUID answers 404 like an unknown or someone
 * else's organisation, rather than a 422 that would tell ids apart.
 */
export const OrganisationParamsSchema = z.object({ organisationId: z.string().max(64) });

export const MemberParamsSchema = OrganisationParamsSchema.extend({ identityPartyId: z.string().max(64) });
