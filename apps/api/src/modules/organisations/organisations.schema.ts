import { z } from 'zod';

/**
 * Ids in paths are any short string: one that is not a UUID answers 404 like an unknown or someone
 * else's organisation, rather than a 422 that would tell ids apart.
 */
export const OrganisationParamsSchema = z.object({ organisationId: z.string().max(64) });

export const MemberParamsSchema = OrganisationParamsSchema.extend({ identityPartyId: z.string().max(64) });

export const InvitationParamsSchema = OrganisationParamsSchema.extend({ invitationId: z.string().max(64) });

/** A mailed code is 43 base64url characters; anything else is simply not a usable invitation (400). */
export const InvitationCodeParamsSchema = z.object({ code: z.string().max(128) });

export const ApiKeyParamsSchema = OrganisationParamsSchema.extend({ keyId: z.string().max(64) });

export const WebhookEventParamsSchema = OrganisationParamsSchema.extend({ eventId: z.string().max(64) });
