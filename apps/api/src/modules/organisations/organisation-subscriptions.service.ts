import type { Language } from '@nbr/domain/locale';
import type { OrganisationOrderState } from '@nbr/domain/webshop-receipts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdempotencyClaim } from '../../platform/http/idempotency.ts';
import * as webshop from '../webshop/webshop.facade.ts';
import { canBuyForOrganisation } from './organisations.policy.ts';
import { viewableMembership } from './organisations.service.ts';

/*
 * An organisation buys its ORGANISATION subscription (issue 15 §6): its admins choose how many
 * credits (bikes) and pay with a card stored at the provider; members and staff follow the order on
 * the return page. Someone outside the organisation is told it does not exist (404), a member who
 * is not an admin may not buy (403).
 */

export type OrganisationSubscriptionDeps = webshop.CheckoutDeps;

/** POST /api/organisations/{organisation_id}/subscriptions/sessions */
export async function startSubscription(
  deps: OrganisationSubscriptionDeps,
  auth: RequestAuth,
  organisationId: string,
  quantity: number,
  language: Language,
  /** The admin's Idempotency-Key: the answer commits with the order's payment window. */
  idempotency: IdempotencyClaim | null,
) {
  const { organisation, actor } = await viewableMembership(deps, auth, organisationId);
  if (!canBuyForOrganisation(actor, organisation.role)) throw new AppError('forbidden');
  return webshop.startOrganisationSubscription(
    deps,
    auth,
    organisation.organisation.partyId,
    quantity,
    language,
    idempotency,
  );
}

/** GET /api/organisations/{organisation_id}/orders/{order_id} */
export async function orderState(
  deps: OrganisationSubscriptionDeps,
  auth: RequestAuth,
  organisationId: string,
  orderId: string,
): Promise<OrganisationOrderState> {
  const { organisation } = await viewableMembership(deps, auth, organisationId);
  return webshop.organisationOrderState(deps, auth, organisation.organisation.partyId, orderId);
}
