import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_MAILGUN_SIGNING_KEY } from './config.ts';
import { bikeEquipment, bikeFiles, bikeOwnerships, stickerBatches } from './db/schema/bikes.ts';
import { chats } from './db/schema/chats.ts';
import { identities } from './db/schema/identity.ts';
import { insurancePlateOrders, insuredItemUploads } from './db/schema/insurance.ts';
import {
  organisationApiKeys,
  organisationInvitations,
  organisationWebhookEvents,
  organisationWebhooks,
} from './db/schema/organisations.ts';
import { ownershipRequests, ownershipTransfers, ownershipVerifications } from './db/schema/ownership.ts';
import { surveys } from './db/schema/surveys.ts';
import { foundBikeMatches, itemPickups } from './db/schema/theft.ts';
import { orders } from './db/schema/webshop.ts';
import { stageImport } from './modules/backoffice/bulk-import.service.ts';
import { storeInsuranceProduct } from './modules/insurance/insurance.facade.ts';
import { generateApiKey } from './platform/auth/api-keys.ts';
import { uuidv7 } from './platform/ids.ts';
import { mailgunInboundForm } from './platform/mail/mailgun-inbound.ts';
import { insertBike, insertStickers, uniqueStickerCode } from './test/bike-helpers.ts';
import { signedVippsDelivery } from './test/club-helpers.ts';
import { insertDeviceWithLocks, insertDock, insertParking } from './test/dock-fixtures.ts';
import { createTestApp, type TestApp } from './test/helper.ts';
import { bearer, logIn, TEST_PASSWORD } from './test/identity-helpers.ts';
import { appliedPolicy, testProduct } from './test/insurance-helpers.ts';
import { insertMatrixDock, type MatrixDock } from './test/lock-device-fixtures.ts';
import { phonePhoto } from './test/possession-helpers.ts';
import { createRoleFixtures, ROLES, type Role, type RoleFixtures, switchInto } from './test/role-fixtures.ts';
import { reportStolen } from './test/theft-report-fixtures.ts';
import { signedReepayWebhook } from './test/webshop-helpers.ts';

/*
 * The permission matrix: every /api route, tried by every kind of caller. A route the matrix does
 * not list fails the completeness test, so a new endpoint cannot ship without saying who may call it.
 *
 * "Allowed" means the caller got past every access rule: any answer but 401, 403 or 404. Requests
 * that would change what other cases rely on (sign-out, deletion, password change) are sent with an
 * invalid body by allowed callers: the 422 proves the access check passed, because it runs before
 * validation. "Denied" means 401 for a visitor and 403 or 404 (no existence leak) for anyone else.
 */

const SIGNED_IN: readonly Role[] = ROLES.filter((role) => role !== 'visitor');
/** Signed in as oneself: staff switched into someone's account may not act as that person here. */
const SELF: readonly Role[] = SIGNED_IN.filter((role) => role !== 'switched');
const EVERYONE: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ['staff', 'staff_admin'];
/** Who may answer a commuter survey: anyone, a visitor too, but not staff switched into an account. */
const ANSWERS_SURVEYS: readonly Role[] = ROLES.filter((role) => role !== 'switched');
/** Sessions acting for an organisation the registry vetted (an insurer, the police, a municipality). */
const ACTING_FOR_VETTED: readonly Role[] = ['insurer', 'police', 'municipality'];
/** The business's members, whatever their role. */
const ORG_MEMBERS: readonly Role[] = ['org_member', 'org_admin', 'org_dock_operator'];
/** Who runs the business's docks, in a session acting for it (dockOperatorHeaders): its admin and its dock operator. */
const DOCK_OPERATORS: readonly Role[] = ['org_admin', 'org_dock_operator'];

interface MatrixCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as declared, e.g. `/api/identities/:partyId`. */
  route: string;
  allowed: readonly Role[];
  /** The request a caller in `role` sends; defaults to the route with no body. */
  request?: (context: CaseContext) => Promise<Partial<InjectOptions>> | Partial<InjectOptions>;
}

interface CaseContext {
  role: Role;
  fixtures: RoleFixtures;
  /** A websocket ticket of the role's session (POST /api/ws/tickets); null for a visitor. */
  realtimeTicket(): Promise<string | null>;
  /** A token of a fresh session of the role's user, for requests that end or change the session. */
  freshToken(): Promise<string | null>;
  /** The id of a new open invitation to the fixtures' business. */
  openInvitation(): Promise<string>;
  /** The id of a new live API key of the fixtures' business (issue 32 §1). */
  apiKeyOfBusiness(): Promise<string>;
  /** Gives the fixtures' business a webhook (issue 32 §1), if it has none. */
  webhookOfBusiness(): Promise<void>;
  /** The id of a new failed webhook event of the fixtures' business. */
  failedWebhookEventOfBusiness(): Promise<string>;
  /** A bike of `user` (the same one every time). */
  bikeOfUser(): Promise<string>;
  /** A new bike of `user` without frame number or plate (deleting it needs no identity approval). */
  newBikeOfUser(): Promise<string>;
  /** A new free bike sticker; answers its code. */
  freeSticker(): Promise<string>;
  /** A new dry run of a one-row register (bulk onboarding, issue 32 §5); answers the job's id. */
  stagedImport(): Promise<string>;
  /** A new printed batch of one free sticker; answers the batch's id. */
  stickerBatch(): Promise<string>;
  /** A new transferable bike of `user` offered to `other_user` (bound), with the offer mail's code. */
  transferOfUser(): Promise<{ transferId: string; code: string }>;
  /** A new open request of `other_user` for a new bike of `user`. */
  requestToUser(): Promise<string>;
  /** A resale certificate `user` issued for a bike of theirs (the same every time; issue 32 §4). */
  certificateOfUser(): Promise<string>;
  /** A draft ownership verification of `user`'s bike (the same every time). */
  verificationOfUser(): Promise<string>;
  /** A chat of `user` (owner of bikeOfUser) with `other_user`, who contacted them (the same every time). */
  chatOfUser(): Promise<{ chatId: string; messageId: string }>;
  /** A support ticket `user` opened about their account (the same every time). */
  ticketOfUser(): Promise<string>;
  /** A bike of `user` with frame number and plate, reported stolen (the same every time), with its report's PDF address. */
  stolenBikeOfUser(): Promise<{ bikeId: string; pdfUrl: string; reportId: string }>;
  /** A new waiting pickup of a new bike of `user`, held by `verified_user`. */
  pickupForUser(): Promise<string>;
  /** A new pickup held by `verified_user` and a strong, told match of it with `user`'s stolen bike (issue 32 §2). */
  foundMatchOfUser(): Promise<{ pickupId: string; matchId: string }>;
  /** A new waiting pickup of a new bike of `user`, held by the matrix police, past its last day. */
  expiredPickupOfPolice(): Promise<string>;
  /** The frame number of a new bike of `user`. */
  newFrameNumberOfUser(): Promise<string>;
  /** The signed address of the photo of a new pickup of a bike of `user` (row and stored bytes). */
  pickupPhotoOfUser(): Promise<string>;
  /** An order of `user` (a voucher's, fulfilled), the same every time. */
  orderOfUser(): Promise<string>;
  /** An order of `user` paid by card, with its receipt number, the same every time. */
  paidOrderOfUser(): Promise<string>;
  /** A pending order of the fixtures' business (its subscription), the same every time. */
  orderOfOrganisation(): Promise<string>;
  /** A policy of `user` at the fixtures' insurer (`insurer` is its staff), the same every time. */
  policyOfUser(): Promise<string>;
  /** A lock test the fixtures' insurer asked of `user` on that policy, the same every time. */
  lockTestOfUser(): Promise<string>;
  /** A plate order of the fixtures' insurer (mailed by its member `insurer`), the same every time. */
  plateOrderOfInsurer(): Promise<string>;
  /** The insured item of `user`'s bike on a policy at the fixtures' insurer, still needing uploads. */
  insuredItemOfUser(): Promise<string>;
  /** A new upload (a new private picture of that bike as main_image) of that insured item. */
  possessionUploadOfUser(): Promise<string>;
  /** That policy with the holder's checkout details stored (so its insurer and our staff can read them). */
  checkedOutPolicyOfUser(): Promise<string>;
  /** A bike of `user` on a policy of `user` at the fixtures' insurer (the same every time). */
  insuredBikeOfUser(): Promise<{ policyId: string; bikeId: string }>;
  /** A new item of equipment on that bike. */
  equipmentOfUser(): Promise<string>;
  /** A new picture or document of that bike (row and stored bytes), with its signed address. */
  fileOfUser(fileClass: 'picture' | 'document'): Promise<{ fileId: string; url: string }>;
  /**
   * A public dock run by the fixtures' business, with a paired device, one lock and a bike of
   * `user` parked in it for longer than the dock allows (the same every time).
   */
  dockOfBusiness(): Promise<{ dockId: string; lockId: string; parkingId: string }>;
  /** A new dock of the fixtures' business (closing one closes it for good). */
  newDockOfBusiness(): Promise<string>;
  /**
   * The role's headers for the docks' operator routes: org_admin and org_dock_operator in a session
   * acting for the business (DOCK_OPERATORS run its docks); every other role as usual.
   */
  dockOperatorHeaders(): Promise<Record<string, string>>;
  /** The docks' matrix dock of the fixtures' business (the same every time): lock-device-fixtures.ts insertMatrixDock. */
  dockOfOrganisation(): Promise<MatrixDock>;
  /** A flow created and published by staff (the same every time); answers its memo. */
  publishedFlow(): Promise<string>;
  /** A new unpublished flow; answers its memo. */
  newFlow(): Promise<string>;
  /** The address of an image staff uploaded for flows. */
  flowImage(): Promise<string>;
  /** A fresh walk through the published flow, with the role's session and the walk token's header. */
  newFlowWalk(): Promise<{ walkId: string; headers: Record<string, string> }>;
  /**
   * Region pages published by staff (the same every time): the Danish landing page and a page below
   * /dk, whose path it answers.
   */
  publishedRegionPage(): Promise<string>;
  /** A new region page below /dk (at a new path unless one is given) with a Danish draft; answers its id. */
  newRegionPage(path?: string): Promise<string>;
  /** An open commuter survey of the fixtures' business with one workplace (the same every time). */
  surveyOfBusiness(): Promise<{ surveyId: string; workplaceId: string }>;
}

/** The smallest flow definition that may be saved (issue 29 §2). */
const MATRIX_FLOW = {
  title: { da: 'Matrix' },
  steps: [
    {
      memo: 'start',
      title: { da: 'Start' },
      blocks: [],
      questions: [],
      action: null,
      routes: [],
      otherwise: 'end',
    },
  ],
};

/** A valid Danish checkout of the insurance purchase (issue 16 §2). */
const MATRIX_CHECKOUT = {
  name: 'Matrix Holder',
  email: 'matrix.holder@example.com',
  identitySocialNumber: '010190-1234',
  streetAddress: 'Matrixvej 1',
  city: 'Odense',
  zipCode: '5000',
  mobilePhone: '+4520000009',
  bankRegister: '1234',
  bankAccount: '0012345678',
};

const CASES: MatrixCase[] = [
  { method: 'GET', route: '/api/health', allowed: EVERYONE },
  { method: 'GET', route: '/api/health/live', allowed: EVERYONE },
  { method: 'GET', route: '/api/health/ready', allowed: EVERYONE },
  { method: 'POST', route: '/api/ws/tickets', allowed: SIGNED_IN },
  {
    // The ticket is the authentication (access `public` in the route, checked before the upgrade):
    // a visitor has none and gets 401. A caller with a ticket of their own gets past it; sent without
    // the upgrade, as here, that answers 400 (realtime.test.ts opens real sockets).
    method: 'GET',
    route: '/api/ws',
    allowed: SIGNED_IN,
    request: async ({ realtimeTicket }) => {
      const ticket = await realtimeTicket();
      return { url: ticket ? `/api/ws?ticket=${ticket}` : '/api/ws' };
    },
  },
  { method: 'GET', route: '/api/identities/.well-known/jwks.json', allowed: EVERYONE },
  {
    method: 'POST',
    route: '/api/identities',
    allowed: EVERYONE,
    request: () => ({ payload: { email: 'not-an-address' } }),
  },
  {
    method: 'POST',
    route: '/api/identities/authentications',
    allowed: EVERYONE,
    request: () => ({ payload: { email: 'not-an-address', password: 'x' } }),
  },
  { method: 'POST', route: '/api/identities/authentications/refresh', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/identities/authentications/logout',
    allowed: SIGNED_IN,
    request: async ({ freshToken }) => ({ headers: await headersFor(await freshToken()) }),
  },
  {
    method: 'POST',
    route: '/api/identities/authentications/password-resets',
    allowed: EVERYONE,
    request: () => ({ payload: { email: 'nobody@example.dk' } }),
  },
  {
    method: 'POST',
    route: '/api/identities/authentications/password-resets/:code/validate',
    allowed: EVERYONE,
    request: () => ({
      url: '/api/identities/authentications/password-resets/not-a-code/validate',
      payload: { new_password: TEST_PASSWORD },
    }),
  },
  { method: 'POST', route: '/api/identities/authentications/email-verifications', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/identities/authentications/email-verifications/:code/validate',
    allowed: EVERYONE,
    request: () => ({ url: '/api/identities/authentications/email-verifications/not-a-code/validate' }),
  },
  { method: 'GET', route: '/api/identities/me', allowed: SIGNED_IN },
  {
    method: 'PUT',
    route: '/api/identities/me',
    allowed: SIGNED_IN,
    request: () => ({ payload: { city: 'Odense' } }),
  },
  {
    method: 'PUT',
    route: '/api/identities/me/password',
    allowed: SELF,
    request: () => ({ payload: { current_password: '', new_password: 'x' } }),
  },
  { method: 'GET', route: '/api/identities/me/export', allowed: SELF },
  { method: 'GET', route: '/api/identities/language', allowed: EVERYONE },
  {
    method: 'PUT',
    route: '/api/identities/language',
    allowed: SIGNED_IN,
    request: () => ({ payload: { language: 'da' } }),
  },
  { method: 'GET', route: '/api/identities/region', allowed: EVERYONE },
  { method: 'GET', route: '/api/identities/google/configuration', allowed: EVERYONE },
  {
    method: 'POST',
    route: '/api/identities/google',
    allowed: EVERYONE,
    request: () => ({ payload: { name: '', email: 'not-an-address', google_token: '' } }),
  },
  {
    method: 'POST',
    route: '/api/identities/authentications/google',
    allowed: EVERYONE,
    request: () => ({ payload: { google_token: '' } }),
  },
  {
    method: 'POST',
    route: '/api/identities/national-sign-ins',
    allowed: EVERYONE,
    request: () => ({ payload: {} }),
  },
  {
    method: 'POST',
    route: '/api/identities/national-sign-ins/complete',
    allowed: EVERYONE,
    request: () => ({ payload: { transaction: 'not-a-transaction', state: 'x', code: 'x' } }),
  },
  {
    method: 'POST',
    route: '/api/identities/national-sign-ups',
    allowed: EVERYONE,
    request: () => ({ payload: { sign_up_ticket: 'not-a-ticket', email: 'rider@example.dk' } }),
  },
  { method: 'GET', route: '/api/identities/consents', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/identities/consents/:type',
    allowed: SELF,
    request: () => ({ url: '/api/identities/consents/newsletter', payload: { action: 'grant' } }),
  },
  {
    // Only the person themself: everyone else is refused before the four confirmations are read.
    method: 'DELETE',
    route: '/api/identities/:partyId',
    allowed: ['user'],
    // `switched` is staff inside this very user's account: still not the person.
    request: ({ fixtures, role }) => ({
      url: `/api/identities/${fixtures.users.user.partyId}`,
      // The owner's request lacks the confirmations (422): the account must survive the matrix.
      payload: role === 'user' ? {} : allConfirmations(),
    }),
  },
  {
    method: 'POST',
    route: '/api/identities/verifications',
    allowed: SELF,
    request: () => ({
      payload: {
        verification_session_type: 'identity_verification',
        success_url: '//evil.example',
        failure_url: '/',
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/identities/verifications/complete',
    allowed: SELF,
    request: () => ({ payload: {} }),
  },
  {
    method: 'POST',
    route: '/api/identities/switch-user/:id',
    allowed: STAFF,
    request: ({ fixtures }) => ({
      url: `/api/identities/switch-user/${fixtures.users.other_user.partyId}`,
      payload: { reason: 'Ticket #1: matrix' },
    }),
  },
  {
    // Anyone signed in may ask; only a switched session has a switch to end (others get 400).
    method: 'DELETE',
    route: '/api/identities/switch-user',
    allowed: SIGNED_IN,
    request: async ({ freshToken }) => ({ headers: await headersFor(await freshToken()) }),
  },
  { method: 'GET', route: '/api/backoffice/identities', allowed: STAFF },
  { method: 'GET', route: '/api/backoffice/audit-events', allowed: ['staff_admin'] },
  // Backoffice people (issue 17 §1): staff see and correct a person; admins block and read national
  // identity checks. Invalid bodies (422) prove access without changing what other cases rely on.
  { method: 'GET', route: '/api/backoffice/dashboard', allowed: STAFF },
  {
    method: 'GET',
    route: '/api/backoffice/identities/:identityPartyId',
    allowed: STAFF,
    request: ({ fixtures }) => ({ url: `/api/backoffice/identities/${fixtures.users.other_user.partyId}` }),
  },
  {
    method: 'PATCH',
    route: '/api/backoffice/identities/:identityPartyId',
    allowed: STAFF,
    request: ({ fixtures }) => ({
      url: `/api/backoffice/identities/${fixtures.users.other_user.partyId}`,
      payload: {},
    }),
  },
  ...(['block', 'unblock', 'national-identity'] as const).map((action) => ({
    method: 'POST' as const,
    route: `/api/backoffice/identities/:identityPartyId/${action}`,
    allowed: ['staff_admin'] as const,
    request: ({ fixtures }: CaseContext) => ({
      url: `/api/backoffice/identities/${fixtures.users.other_user.partyId}/${action}`,
      payload: {},
    }),
  })),
  {
    method: 'POST',
    route: '/api/backoffice/identities/:identityPartyId/mails',
    allowed: STAFF,
    request: ({ fixtures }) => ({
      url: `/api/backoffice/identities/${fixtures.users.other_user.partyId}/mails`,
      payload: { mail: 'nothing' },
    }),
  },
  // Backoffice organisations: staff list and edit; admins suspend and govern members.
  { method: 'GET', route: '/api/backoffice/organisations', allowed: STAFF },
  {
    method: 'GET',
    route: '/api/backoffice/organisations/:organisationId',
    allowed: STAFF,
    request: ({ fixtures }) => ({ url: `/api/backoffice/organisations/${fixtures.organisationId}` }),
  },
  {
    method: 'PATCH',
    route: '/api/backoffice/organisations/:organisationId',
    allowed: STAFF,
    request: ({ fixtures }) => ({
      url: `/api/backoffice/organisations/${fixtures.organisationId}`,
      payload: { latitude: 'north' },
    }),
  },
  ...(['suspend', 'unsuspend'] as const).map((action) => ({
    method: 'POST' as const,
    route: `/api/backoffice/organisations/:organisationId/${action}`,
    allowed: ['staff_admin'] as const,
    request: ({ fixtures }: CaseContext) => ({
      url: `/api/backoffice/organisations/${fixtures.organisationId}/${action}`,
      payload: {},
    }),
  })),
  {
    method: 'PATCH',
    route: '/api/backoffice/organisations/:organisationId/members/:identityPartyId',
    allowed: ['staff_admin'],
    request: ({ fixtures }) => ({
      url: `/api/backoffice/organisations/${fixtures.organisationId}/members/${fixtures.users.org_member.partyId}`,
      payload: { role: 'owner' },
    }),
  },
  {
    // Removing the organisation's only admin is refused (409): proves access, changes nothing.
    method: 'DELETE',
    route: '/api/backoffice/organisations/:organisationId/members/:identityPartyId',
    allowed: ['staff_admin'],
    request: ({ fixtures }) => ({
      url: `/api/backoffice/organisations/${fixtures.organisationId}/members/${fixtures.users.org_admin.partyId}`,
    }),
  },
  { method: 'GET', route: '/api/distributors', allowed: EVERYONE },
  {
    method: 'PUT',
    route: '/api/backoffice/staff/:identityPartyId',
    allowed: ['staff_admin'],
    request: ({ fixtures }) => ({
      url: `/api/backoffice/staff/${fixtures.users.other_user.partyId}`,
      payload: { role: 'owner' },
    }),
  },
  {
    // Aimed at the admin's own id: the admin gets 409 (no self-demotion), nobody loses a role.
    method: 'DELETE',
    route: '/api/backoffice/staff/:identityPartyId',
    allowed: ['staff_admin'],
    request: ({ fixtures }) => ({ url: `/api/backoffice/staff/${fixtures.users.staff_admin.partyId}` }),
  },
  {
    // `verified` access: an unverified caller gets 403 identity_verification_required before validation.
    method: 'POST',
    route: '/api/organisations',
    allowed: ['verified_user', 'org_admin'],
    request: () => ({ payload: {} }),
  },
  { method: 'GET', route: '/api/organisations', allowed: SIGNED_IN },
  {
    // Buying for the organisation: its admin in their own session (a window opens at the stand-in);
    // a member who is not admin 403, anyone else 404. Membership is checked after validation, so
    // the body is valid.
    method: 'POST',
    route: '/api/organisations/:organisationId/subscriptions/sessions',
    allowed: ['org_admin'],
    request: ({ fixtures }) => ({
      url: `/api/organisations/${fixtures.organisationId}/subscriptions/sessions`,
      payload: { quantity: 1 },
    }),
  },
  {
    // Following an order of the organisation (its return page): members, and staff who may look at any
    // organisation; everyone else 404.
    method: 'GET',
    route: '/api/organisations/:organisationId/orders/:orderId',
    allowed: [...ORG_MEMBERS, 'staff', 'staff_admin'],
    request: async ({ fixtures, orderOfOrganisation }) => ({
      url: `/api/organisations/${fixtures.organisationId}/orders/${await orderOfOrganisation()}`,
    }),
  },
  {
    // Members see their organisation, staff may look; everyone else gets 404 (no existence leak).
    method: 'GET',
    route: '/api/organisations/:organisationId',
    allowed: [...ORG_MEMBERS, 'staff', 'staff_admin'],
    request: ({ fixtures }) => ({ url: `/api/organisations/${fixtures.organisationId}` }),
  },
  {
    method: 'GET',
    route: '/api/organisations/:organisationId/members',
    allowed: [...ORG_MEMBERS, 'staff', 'staff_admin'],
    request: ({ fixtures }) => ({ url: `/api/organisations/${fixtures.organisationId}/members` }),
  },
  {
    // Admins only, never staff switched into one. The admin's body is invalid (422); everyone else
    // sends a valid one and is refused.
    method: 'POST',
    route: '/api/organisations/:organisationId/invitations',
    allowed: ['org_admin'],
    request: ({ fixtures, role }) => ({
      url: `/api/organisations/${fixtures.organisationId}/invitations`,
      payload:
        role === 'org_admin'
          ? { email: 'not-an-address', role: 'member' }
          : { email: 'matrix-invitee@example.dk', role: 'member' },
    }),
  },
  {
    method: 'GET',
    route: '/api/organisations/:organisationId/invitations',
    allowed: ['org_admin'],
    request: ({ fixtures }) => ({ url: `/api/organisations/${fixtures.organisationId}/invitations` }),
  },
  {
    // Aimed at a real open invitation: an unknown one answers 404 even to the admin.
    method: 'DELETE',
    route: '/api/organisations/:organisationId/invitations/:invitationId',
    allowed: ['org_admin'],
    request: async ({ fixtures, openInvitation }) => ({
      url: `/api/organisations/${fixtures.organisationId}/invitations/${await openInvitation()}`,
    }),
  },
  {
    // The code is the secret: any signed-in caller may look; an unknown code is 400 invitation_invalid.
    method: 'GET',
    route: '/api/organisations/invitations/:code',
    allowed: SIGNED_IN,
    request: () => ({ url: `/api/organisations/invitations/${'x'.repeat(43)}` }),
  },
  {
    method: 'POST',
    route: '/api/organisations/invitations/:code/accept',
    allowed: SELF,
    request: () => ({ url: `/api/organisations/invitations/${'x'.repeat(43)}/accept` }),
  },
  {
    method: 'POST',
    route: '/api/organisations/invitations/:code/decline',
    allowed: SELF,
    request: () => ({ url: `/api/organisations/invitations/${'x'.repeat(43)}/decline` }),
  },
  {
    method: 'PATCH',
    route: '/api/organisations/:organisationId/members/:identityPartyId',
    allowed: ['org_admin'],
    request: ({ fixtures, role }) => ({
      url: `/api/organisations/${fixtures.organisationId}/members/${fixtures.users.org_member.partyId}`,
      payload: { role: role === 'org_admin' ? 'boss' : 'admin' },
    }),
  },
  {
    // Removing the only admin: the admin gets 409 last_admin (past every access rule), a member 403
    // (members only remove themselves), outsiders 404.
    method: 'DELETE',
    route: '/api/organisations/:organisationId/members/:identityPartyId',
    allowed: ['org_admin'],
    request: ({ fixtures }) => ({
      url: `/api/organisations/${fixtures.organisationId}/members/${fixtures.users.org_admin.partyId}`,
    }),
  },
  {
    // Issue 32 §1: the business's admin in their own session; the admin's body is invalid (422), so
    // no key piles up; everyone else sends a valid one and is refused (a member 403, outsiders 404).
    method: 'POST',
    route: '/api/organisations/:organisationId/api-keys',
    allowed: ['org_admin'],
    request: ({ fixtures, role }) => ({
      url: `/api/organisations/${fixtures.organisationId}/api-keys`,
      payload: { name: role === 'org_admin' ? '' : 'Matrix key' },
    }),
  },
  {
    method: 'GET',
    route: '/api/organisations/:organisationId/api-keys',
    allowed: ['org_admin'],
    request: ({ fixtures }) => ({ url: `/api/organisations/${fixtures.organisationId}/api-keys` }),
  },
  {
    // Aimed at a real live key: an unknown one answers 404 even to the admin.
    method: 'DELETE',
    route: '/api/organisations/:organisationId/api-keys/:keyId',
    allowed: ['org_admin'],
    request: async ({ fixtures, apiKeyOfBusiness }) => ({
      url: `/api/organisations/${fixtures.organisationId}/api-keys/${await apiKeyOfBusiness()}`,
    }),
  },
  {
    // Issue 32 §1: the business's webhook, managed by the admins who manage its API keys.
    method: 'GET',
    route: '/api/organisations/:organisationId/webhook',
    allowed: ['org_admin'],
    request: ({ fixtures }) => ({ url: `/api/organisations/${fixtures.organisationId}/webhook` }),
  },
  {
    // The admin's address is invalid (422), so nothing changes; everyone else sends a valid one.
    method: 'PUT',
    route: '/api/organisations/:organisationId/webhook',
    allowed: ['org_admin'],
    request: ({ fixtures, role }) => ({
      url: `/api/organisations/${fixtures.organisationId}/webhook`,
      payload: { url: role === 'org_admin' ? 'not an address' : 'http://127.0.0.1:9/matrix' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/organisations/:organisationId/webhook',
    allowed: ['org_admin'],
    request: async ({ fixtures, webhookOfBusiness }) => {
      await webhookOfBusiness();
      return { url: `/api/organisations/${fixtures.organisationId}/webhook` };
    },
  },
  {
    method: 'POST',
    route: '/api/organisations/:organisationId/webhook/secret',
    allowed: ['org_admin'],
    request: async ({ fixtures, webhookOfBusiness }) => {
      await webhookOfBusiness();
      return { url: `/api/organisations/${fixtures.organisationId}/webhook/secret` };
    },
  },
  {
    method: 'POST',
    route: '/api/organisations/:organisationId/webhook/test',
    allowed: ['org_admin'],
    request: async ({ fixtures, webhookOfBusiness }) => {
      await webhookOfBusiness();
      return { url: `/api/organisations/${fixtures.organisationId}/webhook/test` };
    },
  },
  {
    // Aimed at a real failed event of the business: an unknown one answers 404 even to the admin.
    method: 'POST',
    route: '/api/organisations/:organisationId/webhook/deliveries/:eventId/resend',
    allowed: ['org_admin'],
    request: async ({ fixtures, failedWebhookEventOfBusiness }) => ({
      url: `/api/organisations/${fixtures.organisationId}/webhook/deliveries/${await failedWebhookEventOfBusiness()}/resend`,
    }),
  },
  {
    // Checks by API take an organisation's API key and never a person's session: no role here
    // passes (a visitor 401, any session 403 api_key_required). The key's side is in checks.test.ts.
    method: 'GET',
    route: '/api/v1/checks',
    allowed: [],
    request: () => ({ url: '/api/v1/checks?identifier=MATRIX4711' }),
  },
  {
    method: 'POST',
    route: '/api/v1/checks',
    allowed: [],
    request: () => ({ payload: { identifiers: ['MATRIX4711'] } }),
  },
  {
    // A malformed party id (422) leaves every session acting as it was.
    method: 'PUT',
    route: '/api/identities/authentications/acting-party',
    allowed: SIGNED_IN,
    request: () => ({ payload: { party_id: 'not-a-party' } }),
  },
  // Printed stickers (issue 17 §1): support lists, prints, looks up and voids; admins make and hand out.
  { method: 'GET', route: '/api/backoffice/sticker-batches', allowed: STAFF },
  {
    method: 'POST',
    route: '/api/backoffice/sticker-batches',
    allowed: ['staff_admin'],
    request: () => ({ payload: {} }),
  },
  { method: 'GET', route: '/api/backoffice/sticker-batches/assignees', allowed: STAFF },
  {
    method: 'PUT',
    route: '/api/backoffice/sticker-batches/:batchId/assignment',
    allowed: ['staff_admin'],
    request: async ({ stickerBatch }) => ({
      url: `/api/backoffice/sticker-batches/${await stickerBatch()}/assignment`,
      payload: { organisation_party_id: 'not-an-organisation' },
    }),
  },
  {
    method: 'GET',
    route: '/api/backoffice/sticker-batches/:batchId/sheet',
    allowed: STAFF,
    request: async ({ stickerBatch }) => ({
      url: `/api/backoffice/sticker-batches/${await stickerBatch()}/sheet`,
    }),
  },
  {
    method: 'GET',
    route: '/api/backoffice/stickers/:code',
    allowed: STAFF,
    request: async ({ freeSticker }) => ({ url: `/api/backoffice/stickers/${await freeSticker()}` }),
  },
  {
    // The empty reason's 422 proves access and leaves the sticker free.
    method: 'POST',
    route: '/api/backoffice/stickers/:code/void',
    allowed: STAFF,
    request: async ({ freeSticker }) => ({
      url: `/api/backoffice/stickers/${await freeSticker()}/void`,
      payload: { reason: '' },
    }),
  },
  // Staff review of theft reports (issue 17 §1). Changing requests carry an invalid body (422).
  { method: 'GET', route: '/api/backoffice/theft-reports', allowed: STAFF },
  {
    method: 'GET',
    route: '/api/backoffice/theft-reports/:reportId',
    allowed: STAFF,
    request: async ({ stolenBikeOfUser }) => ({
      url: `/api/backoffice/theft-reports/${(await stolenBikeOfUser()).reportId}?reason=matrix`,
    }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/theft-reports/:reportId/review',
    allowed: STAFF,
    request: async ({ stolenBikeOfUser }) => ({
      url: `/api/backoffice/theft-reports/${(await stolenBikeOfUser()).reportId}/review`,
    }),
  },
  {
    method: 'PUT',
    route: '/api/backoffice/theft-reports/:reportId/suspicion',
    allowed: STAFF,
    request: async ({ stolenBikeOfUser }) => ({
      url: `/api/backoffice/theft-reports/${(await stolenBikeOfUser()).reportId}/suspicion`,
      payload: { suspicious: true },
    }),
  },
  {
    method: 'PUT',
    route: '/api/backoffice/theft-reports/:reportId/found-link',
    allowed: STAFF,
    request: async ({ stolenBikeOfUser }) => ({
      url: `/api/backoffice/theft-reports/${(await stolenBikeOfUser()).reportId}/found-link`,
      payload: { pickup_id: 'not-a-pickup' },
    }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/theft-reports/:reportId/messages',
    allowed: STAFF,
    request: async ({ stolenBikeOfUser }) => ({
      url: `/api/backoffice/theft-reports/${(await stolenBikeOfUser()).reportId}/messages`,
      payload: { text: '' },
    }),
  },
  // The shop's prices and voucher batches (issue 17 §1 /v2/diverse): staff read prices, admins set them.
  { method: 'GET', route: '/api/backoffice/products', allowed: STAFF },
  {
    method: 'PUT',
    route: '/api/backoffice/products/:productId/price',
    allowed: ['staff_admin'],
    request: () => ({ url: `/api/backoffice/products/${uuidv7()}/price`, payload: { price_minor: 5950 } }),
  },
  { method: 'GET', route: '/api/backoffice/voucher-batches', allowed: ['staff_admin'] },
  // Bulk onboarding (issue 32 §5): backoffice admins only; an upload without a file is a 422 for them.
  { method: 'POST', route: '/api/backoffice/bulk-imports', allowed: ['staff_admin'] },
  { method: 'GET', route: '/api/backoffice/bulk-imports', allowed: ['staff_admin'] },
  ...(['', '/problems', '/report'] as const).map((tail) => ({
    method: 'GET' as const,
    route: `/api/backoffice/bulk-imports/:id${tail}`,
    allowed: ['staff_admin'] as const,
    request: async ({ stagedImport }: CaseContext) => ({
      url: `/api/backoffice/bulk-imports/${await stagedImport()}${tail}`,
    }),
  })),
  ...(['start', 'cancel'] as const).map((action) => ({
    method: 'POST' as const,
    route: `/api/backoffice/bulk-imports/:id/${action}`,
    allowed: ['staff_admin'] as const,
    request: async ({ stagedImport }: CaseContext) => ({
      url: `/api/backoffice/bulk-imports/${await stagedImport()}/${action}`,
    }),
  })),
  // Content pages' texts (issue 17 §1 /v2/diverse): everyone reads a stored text, staff list, admins edit.
  {
    method: 'GET',
    route: '/api/content-pages/:page/:language',
    allowed: EVERYONE,
    request: () => ({ url: '/api/content-pages/terms/da' }),
  },
  { method: 'GET', route: '/api/backoffice/content-pages', allowed: STAFF },
  {
    method: 'PUT',
    route: '/api/backoffice/content-pages/:page/:language',
    allowed: ['staff_admin'],
    request: () => ({ url: '/api/backoffice/content-pages/terms/da', payload: { heading: '' } }),
  },
  // The manufacturer-code table (issue 17 §1 /v2/diverse): staff view it, admins add and edit codes.
  { method: 'GET', route: '/api/backoffice/manufacturer-codes', allowed: STAFF },
  {
    method: 'POST',
    route: '/api/backoffice/manufacturer-codes',
    allowed: ['staff_admin'],
    request: () => ({ url: '/api/backoffice/manufacturer-codes', payload: { code: '1' } }),
  },
  {
    method: 'PUT',
    route: '/api/backoffice/manufacturer-codes/:code',
    allowed: ['staff_admin'],
    request: () => ({ url: '/api/backoffice/manufacturer-codes/WDA', payload: { holder: '' } }),
  },
  {
    method: 'DELETE',
    route: '/api/backoffice/content-pages/:page/:language',
    allowed: ['staff_admin'],
    request: () => ({ url: '/api/backoffice/content-pages/advisory-board/no' }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/organisations',
    allowed: STAFF,
    request: () => ({ payload: {} }),
  },
  {
    method: 'POST',
    route: '/api/actions/:kind/:name',
    allowed: EVERYONE,
    request: () => ({ url: '/api/actions/page/matrix', payload: {} }),
  },
  // Issue 30 §2: what the browser loads after consent (anyone); the team's measurement view (staff).
  { method: 'GET', route: '/api/measurement/config', allowed: EVERYONE },
  { method: 'GET', route: '/api/backoffice/measurement', allowed: STAFF },
  // Equipment: the bike's owner only (staff switched into the owner's account act as the owner);
  // everyone else is told the bike does not exist (404). Bodies are valid: ownership is decided after
  // validation, so an invalid body would answer 422 to everyone.
  {
    method: 'GET',
    route: '/api/bikes/:bike_id/equipment',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({ url: `/api/bikes/${await bikeOfUser()}/equipment` }),
  },
  {
    method: 'POST',
    route: '/api/bikes/:bike_id/equipment',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}/equipment`,
      payload: { item_type_memo: 'accessory', accessory_type: 'Basket' },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/bikes/:bike_id/equipment/:equipment_id',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser, equipmentOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}/equipment/${await equipmentOfUser()}`,
      payload: { note: 'Matrix' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/bikes/:bike_id/equipment/:equipment_id',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser, equipmentOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}/equipment/${await equipmentOfUser()}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/search',
    allowed: EVERYONE,
    request: () => ({ url: '/api/search?q=WDA12345Z' }),
  },
  // Pictures and documents: the owner only (staff switched in act as the owner). Uploads come
  // without a file: the owner gets 422 (access and ownership are checked before the body is read).
  {
    method: 'POST',
    route: '/api/bikes/:bike_id/pictures',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser, fixtures, role }) => ({
      url: `/api/bikes/${await bikeOfUser()}/pictures`,
      ...multipartWithoutFile(fixtures.tokens[role], { kind: 'public' }),
    }),
  },
  {
    method: 'POST',
    route: '/api/bikes/:bike_id/documents',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser, fixtures, role }) => ({
      url: `/api/bikes/${await bikeOfUser()}/documents`,
      ...multipartWithoutFile(fixtures.tokens[role], { kind: 'receipt' }),
    }),
  },
  {
    method: 'DELETE',
    route: '/api/bikes/:bike_id/pictures/:picture_id',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser, fileOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}/pictures/${(await fileOfUser('picture')).fileId}`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/bikes/:bike_id/documents/:document_id',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser, fileOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}/documents/${(await fileOfUser('document')).fileId}`,
    }),
  },
  {
    // The signature is the access check: whoever holds a signed address may fetch the file (only
    // those entitled are handed one); without it, everyone gets 403 (bike-files.test.ts).
    method: 'GET',
    route: '/api/files/:file_id/:variant',
    allowed: EVERYONE,
    request: async ({ fileOfUser }) => ({ url: (await fileOfUser('picture')).url }),
  },
  // Bikes. Registering is for anyone signed in (a credit is checked after validation, so the body
  // here is invalid: 422 proves access). A bike itself: the owner (and staff switched into them);
  // staff may read the owner's view; everyone else is told it does not exist (404).
  {
    method: 'POST',
    route: '/api/bikes',
    allowed: SIGNED_IN,
    request: () => ({ payload: { nickname: '' } }),
  },
  { method: 'GET', route: '/api/bikes', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/bikes/identifier-checks',
    allowed: SIGNED_IN,
    request: () => ({ payload: { frame_number: 'WDA12345Z', plate_id: 'x1' } }),
  },
  {
    method: 'GET',
    route: '/api/bikes/:bike_id',
    allowed: ['user', 'switched', 'staff', 'staff_admin'],
    // Staff give a reason for reading someone's bike (private pictures and documents).
    request: async ({ bikeOfUser }) => ({ url: `/api/bikes/${await bikeOfUser()}?reason=Ticket%20%231` }),
  },
  {
    method: 'PATCH',
    route: '/api/bikes/:bike_id',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}`,
      payload: { nickname: 'Matrix' },
    }),
  },
  {
    // A new bike without identifiers per request: the owner deletes it (204), everyone else gets 404.
    method: 'DELETE',
    route: '/api/bikes/:bike_id',
    allowed: ['user', 'switched'],
    request: async ({ newBikeOfUser }) => ({ url: `/api/bikes/${await newBikeOfUser()}` }),
  },
  {
    // The bike is active (public): anyone may see what the public may see.
    method: 'GET',
    route: '/api/bikes/:bike_id/public',
    allowed: EVERYONE,
    request: async ({ bikeOfUser }) => ({ url: `/api/bikes/${await bikeOfUser()}/public` }),
  },
  {
    // Issue 32 §4: the owner's own signed statement; staff switched in may not make it.
    method: 'POST',
    route: '/api/bikes/:bike_id/resale-certificates',
    allowed: ['user'],
    request: async ({ bikeOfUser }) => ({ url: `/api/bikes/${await bikeOfUser()}/resale-certificates` }),
  },
  {
    method: 'GET',
    route: '/api/bikes/:bike_id/resale-certificates',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({ url: `/api/bikes/${await bikeOfUser()}/resale-certificates` }),
  },
  {
    // Revoking twice answers the same: only its issuer reaches it, anyone else gets 404.
    method: 'POST',
    route: '/api/resale-certificates/:certificate_id/revoke',
    allowed: ['user'],
    request: async ({ certificateOfUser }) => ({
      url: `/api/resale-certificates/${await certificateOfUser()}/revoke`,
    }),
  },
  {
    // Anyone holding a certificate's address reads it and its PDF (a buyer, signed in or not).
    method: 'GET',
    route: '/api/resale-certificates/:certificate_id',
    allowed: EVERYONE,
    request: async ({ certificateOfUser }) => ({
      url: `/api/resale-certificates/${await certificateOfUser()}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/resale-certificates/:certificate_id/pdf',
    allowed: EVERYONE,
    request: async ({ certificateOfUser }) => ({
      url: `/api/resale-certificates/${await certificateOfUser()}/pdf`,
    }),
  },
  { method: 'GET', route: '/api/webshop/bike-ownership-credits/overview', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/webshop/bike-activations', allowed: SIGNED_IN },
  {
    // Whose credit it is is decided after validation: the invalid body (422) proves access.
    method: 'POST',
    route: '/api/webshop/bike-activations/:credit_id',
    allowed: SIGNED_IN,
    request: () => ({
      url: `/api/webshop/bike-activations/${randomUUID()}`,
      payload: { bike_ownership_id: 'x' },
    }),
  },
  { method: 'GET', route: '/api/webshop/products', allowed: EVERYONE },
  {
    // Whether add-ons remain for a bike: its owner only (`user`, also switched into); others 404.
    method: 'POST',
    route: '/api/webshop/bike-services/:bike_id',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({ url: `/api/webshop/bike-services/${await bikeOfUser()}` }),
  },
  { method: 'GET', route: '/api/webshop/orders', allowed: SIGNED_IN },
  {
    // An order is its buyer's: `user`'s order (voucher-paid), seen by them and by staff switched in.
    method: 'GET',
    route: '/api/webshop/orders/:order_id',
    allowed: ['user', 'switched'],
    request: async ({ orderOfUser }) => ({ url: `/api/webshop/orders/${await orderOfUser()}` }),
  },
  {
    // A receipt is its buyer's, like the order (`user`, also switched into); others 404.
    method: 'GET',
    route: '/api/webshop/orders/:order_id/receipt',
    allowed: ['user', 'switched'],
    request: async ({ paidOrderOfUser }) => ({
      url: `/api/webshop/orders/${await paidOrderOfUser()}/receipt`,
    }),
  },

  {
    // Buying is the person's own act, not staff switched in (the invalid body's 422 proves access).
    method: 'POST',
    route: '/api/webshop/orders/reepay',
    allowed: SELF,
    request: () => ({ payload: { items: [] } }),
  },
  {
    method: 'POST',
    route: '/api/webshop/orders/initiations',
    allowed: SELF,
    request: () => ({ url: '/api/webshop/orders/initiations?config_id=nothing', payload: {} }),
  },
  {
    // The provider is no user: the route is public and the signature in the body decides. A signed
    // delivery about nothing of ours is accepted from anyone (webshop.checkout.test.ts: forged → 401).
    method: 'POST',
    route: '/api/webshop/webhooks/reepay',
    allowed: EVERYONE,
    request: () => ({ payload: signedReepayWebhook({ event_type: 'customer_created' }) }),
  },
  // The club shop (issue 15 §5): its offer is public; ordering and giving a membership number are
  // the person's own acts, not staff switched in (an invalid body or number's 422 proves access).
  {
    method: 'GET',
    route: '/api/webshop/:club',
    allowed: EVERYONE,
    request: () => ({ url: '/api/webshop/naf/' }),
  },
  {
    method: 'POST',
    route: '/api/webshop/:club',
    allowed: SELF,
    request: () => ({ url: '/api/webshop/naf/', payload: { immediate_start_consent: 'yes' } }),
  },
  {
    method: 'POST',
    route: '/api/webshop/:club/extra-bike-registration',
    allowed: SELF,
    request: () => ({ url: '/api/webshop/naf/extra-bike-registration', payload: { bike_id: 'x' } }),
  },
  {
    method: 'POST',
    route: '/api/webshop/:club/apply-member-discount/:member_id',
    allowed: SELF,
    request: () => ({ url: '/api/webshop/naf/apply-member-discount/12345' }),
  },
  {
    method: 'GET',
    route: '/api/webshop/:club/membership',
    allowed: SELF,
    request: () => ({ url: '/api/webshop/naf/membership' }),
  },
  // The club's member list (issue 27): only backoffice admins see its size or replace it (an empty
  // body's 422 proves access).
  {
    method: 'GET',
    route: '/api/backoffice/clubs/:club/member-list',
    allowed: ['staff_admin'],
    request: () => ({ url: '/api/backoffice/clubs/naf/member-list' }),
  },
  {
    method: 'PUT',
    route: '/api/backoffice/clubs/:club/member-list',
    allowed: ['staff_admin'],
    request: () => ({ url: '/api/backoffice/clubs/naf/member-list', payload: {} }),
  },
  {
    // Vipps is no user: the route is public and the signature decides. A signed delivery about
    // nothing of ours is accepted from anyone (webshop.club.test.ts: forged → 401).
    method: 'POST',
    route: '/api/webshop/webhooks/vipps',
    allowed: EVERYONE,
    request: () => {
      const delivery = signedVippsDelivery({
        reference: 'not-an-order-of-ours',
        pspReference: '1',
        name: 'CREATED',
        amount: { currency: 'NOK', value: 100 },
        timestamp: new Date().toISOString(),
        success: true,
      });
      return { headers: delivery.headers, payload: delivery.rawBody };
    },
  },
  {
    // Subscribing and managing the subscription are the person's own acts (422 proves access).
    method: 'POST',
    route: '/api/webshop/subscriptions/sessions',
    allowed: SELF,
    request: () => ({ payload: { plan: 'GOLD' } }),
  },
  {
    method: 'POST',
    route: '/api/webshop/subscriptions/bikes',
    allowed: SELF,
    request: () => ({ payload: { quantity: 0 } }),
  },
  {
    method: 'POST',
    route: '/api/webshop/customers/sessions',
    allowed: SELF,
    request: () => ({ payload: { action: 'nothing' } }),
  },
  { method: 'POST', route: '/api/webshop/customer-session-for-pricing-table', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/backoffice/orders', allowed: STAFF },
  {
    // Shipping is backoffice work: staff only (the invalid body's 422 proves access).
    method: 'POST',
    route: '/api/webshop/orders/:order_id/shipment',
    allowed: STAFF,
    request: async ({ orderOfUser }) => ({
      url: `/api/webshop/orders/${await orderOfUser()}/shipment`,
      payload: { status: 'lost' },
    }),
  },
  {
    // Refunds move money: backoffice admins only. `user`'s order was paid by voucher, so the
    // admin gets past access to 409 order_not_refundable.
    method: 'POST',
    route: '/api/webshop/orders/:order_id/refunds',
    allowed: ['staff_admin'],
    request: async ({ orderOfUser }) => ({ url: `/api/webshop/orders/${await orderOfUser()}/refunds` }),
  },
  // Referrals (issue 30 §1): everyone signed in has their own invitation; marking its news seen is
  // the person's own act (not staff switched in); staff see anyone's referrals.
  { method: 'GET', route: '/api/referrals/me', allowed: SIGNED_IN },
  { method: 'POST', route: '/api/referrals/me/notices/seen', allowed: SELF },
  {
    method: 'GET',
    route: '/api/backoffice/identities/:identityPartyId/referrals',
    allowed: STAFF,
    request: ({ fixtures }) => ({
      url: `/api/backoffice/identities/${fixtures.users.user.partyId}/referrals`,
    }),
  },
  {
    // Redeeming spends a voucher: the person's own act, not staff switched in (422 proves access).
    method: 'POST',
    route: '/api/webshop/vouchers/redemptions',
    allowed: SELF,
    request: () => ({ payload: { code: 'x' } }),
  },
  {
    // Making vouchers makes money: backoffice admins only (the invalid body's 422 proves access).
    method: 'POST',
    route: '/api/webshop/voucher-batches',
    allowed: ['staff_admin'],
    request: () => ({ payload: { note: '' } }),
  },
  // Insurance (issue 16 §1, SPEC §7): everyone signed in has their own list; applying, changing a
  // policy and linking a pre-registration are the person's own acts, not staff switched in (the
  // invalid body's 422 proves access). A policy is seen by its holder (`user`, also switched into),
  // the staff of its insurer (`insurer`) and our staff; changed by its holder only; others 404.
  { method: 'GET', route: '/api/insurance/policies', allowed: SIGNED_IN },
  { method: 'POST', route: '/api/insurance/policies', allowed: SELF, request: () => ({ payload: {} }) },
  {
    method: 'GET',
    route: '/api/insurance/policies/:id',
    allowed: ['user', 'switched', 'insurer', 'staff', 'staff_admin'],
    request: async ({ policyOfUser }) => ({ url: `/api/insurance/policies/${await policyOfUser()}/` }),
  },
  {
    method: 'PATCH',
    route: '/api/insurance/policies/:id/bikes',
    allowed: ['user'],
    request: async ({ policyOfUser }) => ({
      url: `/api/insurance/policies/${await policyOfUser()}/bikes/`,
      payload: { number_of_bikes: 1 },
    }),
  },
  {
    method: 'POST',
    route: '/api/insurance/policies/:id/insured-bikes',
    allowed: ['user'],
    request: async ({ policyOfUser }) => ({
      url: `/api/insurance/policies/${await policyOfUser()}/insured-bikes`,
      payload: { bike_id: randomUUID() },
    }),
  },
  {
    method: 'POST',
    route: '/api/insurance/:insurer/policies/pre-registration-lookup/:insurerPolicyId',
    allowed: SELF,
    request: ({ fixtures }) => ({
      url: `/api/insurance/${fixtures.insurerId}/policies/pre-registration-lookup/MATRIX-1/`,
      payload: { policy_id: 'x' },
    }),
  },
  // Plates ordered by e-mail (issue 16 §4): Mailgun's forward is public, its signature the
  // authentication (a signed mail from nobody the register knows is refused with 406, never 401/404:
  // plate-orders.test.ts tries forged ones); the list is the insurer's staff's and ours, cancelling
  // the insurer's, sending ours. Unknown ids answer 404 to those allowed past access, so the matrix
  // sends a real order's id.
  {
    method: 'POST',
    route: '/api/insurance/plate-orders/inbound-mail',
    allowed: EVERYONE,
    request: () => ({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        mailgunInboundForm(STAND_IN_MAILGUN_SIGNING_KEY, {
          from: 'nobody@example.test',
          to: 'oblater@cykelregister.dk',
          subject: '10 plader',
          text: '',
        }),
      ).toString(),
    }),
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurer/plate-orders',
    allowed: ['insurer', 'staff', 'staff_admin'],
    request: ({ fixtures }) => ({ url: `/api/insurance/${fixtures.insurerId}/plate-orders` }),
  },
  {
    method: 'POST',
    route: '/api/insurance/plate-orders/:id/cancel',
    allowed: ['insurer'],
    request: async ({ plateOrderOfInsurer }) => ({
      url: `/api/insurance/plate-orders/${await plateOrderOfInsurer()}/cancel`,
    }),
  },
  {
    method: 'POST',
    route: '/api/insurance/plate-orders/:id/sent',
    allowed: STAFF,
    request: async ({ plateOrderOfInsurer }) => ({
      url: `/api/insurance/plate-orders/${await plateOrderOfInsurer()}/sent`,
    }),
  },
  // Lock tests (issue 16 §3): asked and decided by the insurer's staff only, answered by the holder
  // only (not staff switched in), seen by whoever sees the policy. The request carries a valid body,
  // because the insurer check comes after validation; the answer names no bike of the policy, which
  // the holder hears as a 422 and everyone else never gets to.
  {
    method: 'POST',
    route: '/api/insurance/:insurer/lock-tests',
    allowed: ['insurer'],
    request: async ({ fixtures, policyOfUser }) => ({
      url: `/api/insurance/${fixtures.insurerId}/lock-tests`,
      payload: { email: 'nobody@example.test', policy_id: await policyOfUser() },
    }),
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurer/lock-tests',
    allowed: SIGNED_IN,
    request: ({ fixtures }) => ({ url: `/api/insurance/${fixtures.insurerId}/lock-tests` }),
  },
  {
    method: 'GET',
    route: '/api/insurance/lock-tests/:id',
    allowed: ['user', 'switched', 'insurer', 'staff', 'staff_admin'],
    request: async ({ lockTestOfUser }) => ({ url: `/api/insurance/lock-tests/${await lockTestOfUser()}` }),
  },
  {
    method: 'PUT',
    route: '/api/insurance/lock-tests/:id/answer',
    allowed: ['user'],
    request: async ({ lockTestOfUser }) => ({
      url: `/api/insurance/lock-tests/${await lockTestOfUser()}/answer`,
      payload: {
        approval: 'varefakta',
        certificate_number: 'VK 1',
        lock_name: 'Lock',
        key_number: 'K1',
        bike_id: randomUUID(),
        certificate_frame_number: 'WBK1A',
        dealer_stamp: true,
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/insurance/lock-tests/:id/decision',
    allowed: ['insurer'],
    request: async ({ lockTestOfUser }) => ({
      url: `/api/insurance/lock-tests/${await lockTestOfUser()}/decision`,
      payload: { decision: 'rejected', reason: 'Matrix' },
    }),
  },
  // Proof of possession (issue 16 §2): seen like its policy (holder, also switched into; the
  // insurer's staff; our staff); given and sent by the holder themself only (the 422 of a file not
  // on the bike and the 409 of an incomplete proof prove access). Our staff's check of it (§5): our
  // backoffice staff only (the invalid bodies' 422 and the 409 of an item not pending prove access).
  {
    method: 'GET',
    route: '/api/insurance/insured-items/:item_id/possession',
    allowed: ['user', 'switched', 'insurer', 'staff', 'staff_admin'],
    request: async ({ insuredItemOfUser }) => ({
      url: `/api/insurance/insured-items/${await insuredItemOfUser()}/possession/`,
    }),
  },
  {
    method: 'POST',
    route: '/api/insurance/insured-items/:item_id/possession/uploads',
    allowed: ['user'],
    request: async ({ insuredItemOfUser }) => ({
      url: `/api/insurance/insured-items/${await insuredItemOfUser()}/possession/uploads/`,
      payload: { kind: 'receipt', file_id: uuidv7() },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/insurance/insured-items/:item_id/possession/uploads/:upload_id',
    allowed: ['user'],
    request: async ({ insuredItemOfUser, possessionUploadOfUser }) => ({
      url: `/api/insurance/insured-items/${await insuredItemOfUser()}/possession/uploads/${await possessionUploadOfUser()}/`,
    }),
  },
  {
    method: 'POST',
    route: '/api/insurance/insured-items/:item_id/possession/submit',
    allowed: ['user'],
    request: async ({ insuredItemOfUser }) => ({
      url: `/api/insurance/insured-items/${await insuredItemOfUser()}/possession/submit/`,
    }),
  },
  { method: 'GET', route: '/api/backoffice/insurance-verifications', allowed: STAFF },
  {
    method: 'GET',
    route: '/api/backoffice/insurance-verifications/:item_id',
    allowed: STAFF,
    request: async ({ insuredItemOfUser }) => ({
      url: `/api/backoffice/insurance-verifications/${await insuredItemOfUser()}/`,
    }),
  },
  {
    method: 'PUT',
    route: '/api/backoffice/insurance-verifications/:item_id/steps',
    allowed: STAFF,
    request: async ({ insuredItemOfUser }) => ({
      url: `/api/backoffice/insurance-verifications/${await insuredItemOfUser()}/steps/`,
      payload: { plate: 'yes' },
    }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/insurance-verifications/:item_id/approve',
    allowed: STAFF,
    request: async ({ insuredItemOfUser }) => ({
      url: `/api/backoffice/insurance-verifications/${await insuredItemOfUser()}/approve/`,
    }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/insurance-verifications/:item_id/reject',
    allowed: STAFF,
    request: async ({ insuredItemOfUser }) => ({
      url: `/api/backoffice/insurance-verifications/${await insuredItemOfUser()}/reject/`,
      payload: { reason: '' },
    }),
  },
  // Insurance sign-up (issue 16 §2): the covers are public; the onboarding draft is a person's own
  // (a session acting for an organisation has none: 403), written by themselves only. The holder's checkout details
  // are seen by the holder (masked), the staff of its insurer and ours; written by the holder only.
  { method: 'GET', route: '/api/insurance/products', allowed: EVERYONE },
  {
    method: 'GET',
    route: '/api/insurance/onboarding-draft',
    allowed: SIGNED_IN.filter((role) => !ACTING_FOR_VETTED.includes(role)),
  },
  {
    method: 'PUT',
    route: '/api/insurance/onboarding-draft',
    allowed: SELF.filter((role) => !ACTING_FOR_VETTED.includes(role)),
    request: () => ({ payload: { acknowledgement_privacy: true } }),
  },
  {
    method: 'DELETE',
    route: '/api/insurance/onboarding-draft',
    allowed: SELF.filter((role) => !ACTING_FOR_VETTED.includes(role)),
  },
  {
    method: 'GET',
    route: '/api/insurance/policies/:id/holder-details',
    allowed: ['user', 'switched', 'insurer', 'staff', 'staff_admin'],
    request: async ({ checkedOutPolicyOfUser }) => ({
      url: `/api/insurance/policies/${await checkedOutPolicyOfUser()}/holder-details`,
    }),
  },
  {
    method: 'POST',
    route: '/api/insurance/policies/:id/holder-details/national-id-reveal',
    allowed: ['insurer', 'staff', 'staff_admin'],
    request: async ({ checkedOutPolicyOfUser }) => ({
      url: `/api/insurance/policies/${await checkedOutPolicyOfUser()}/holder-details/national-id-reveal`,
      payload: { reason: 'Premium collection' },
    }),
  },
  {
    method: 'PUT',
    route: '/api/insurance/policies/:id/holder-details',
    allowed: ['user'],
    request: async ({ policyOfUser }) => ({
      url: `/api/insurance/policies/${await policyOfUser()}/holder-details`,
      payload: MATRIX_CHECKOUT,
    }),
  },
  // The insurer's admin (issue 16 §4): the staff of the fixtures' insurer (`insurer`) read and act;
  // our staff only read; everyone else gets 404. Bodies are valid, so the insurer's answer (200, or
  // 409 once an earlier case decided the policy) proves access while nobody else gets past the 404.
  {
    method: 'GET',
    route: '/api/insurance/:insurer/admin/policies',
    allowed: ['insurer', 'staff', 'staff_admin'],
    request: ({ fixtures }) => ({ url: `/api/insurance/${fixtures.insurerId}/admin/policies` }),
  },
  ...(['accept', 'reject', 'cancel'] as const).map(
    (decision): MatrixCase => ({
      method: 'POST',
      route: `/api/insurance/:insurer/admin/policies/:policyId/${decision}`,
      allowed: ['insurer'],
      request: async ({ fixtures, policyOfUser }) => ({
        url: `/api/insurance/${fixtures.insurerId}/admin/policies/${await policyOfUser()}/${decision}`,
        payload: decision === 'accept' ? { insurer_policy_number: 'MATRIX-P1' } : { reason: 'Matrix' },
      }),
    }),
  ),
  {
    method: 'GET',
    route: '/api/insurance/:insurer/admin/policies/:policyId/bikes/:bikeId',
    allowed: ['insurer', 'staff', 'staff_admin'],
    request: async ({ fixtures, insuredBikeOfUser }) => {
      const { policyId, bikeId } = await insuredBikeOfUser();
      return { url: `/api/insurance/${fixtures.insurerId}/admin/policies/${policyId}/bikes/${bikeId}` };
    },
  },
  {
    // The bike is not stolen: the insurer gets 409 claim_not_payable, which shows the access check passed.
    method: 'POST',
    route: '/api/insurance/:insurer/admin/policies/:policyId/bikes/:bikeId/payout',
    allowed: ['insurer'],
    request: async ({ fixtures, insuredBikeOfUser }) => {
      const { policyId, bikeId } = await insuredBikeOfUser();
      return {
        url: `/api/insurance/${fixtures.insurerId}/admin/policies/${policyId}/bikes/${bikeId}/payout`,
        payload: { amount_minor: 100 },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurer/admin/products',
    allowed: ['insurer', 'staff', 'staff_admin'],
    request: ({ fixtures }) => ({ url: `/api/insurance/${fixtures.insurerId}/admin/products` }),
  },
  {
    // Changing a cover is for the insurer's admins (the organisation role): the fixtures' insurer
    // user is a member of its staff, so it gets 403 and everyone else 404 (the admin's own change is
    // tried in insurer-products.test.ts). The body is valid, so nothing but access refuses it.
    method: 'PUT',
    route: '/api/insurance/:insurer/admin/products/:coverKind',
    allowed: [],
    request: ({ fixtures }) => ({
      url: `/api/insurance/${fixtures.insurerId}/admin/products/bike_theft`,
      payload: {
        terms: { da: 'Vilkår', en: 'Terms', no: 'Vilkår' },
        accepted_locks: [],
        required_uploads: [],
        tariff: {
          price_bands: [{ max_price: null, annual_premium_minor: 100_000 }],
          category_surcharge_percent: {},
          electric_surcharge_percent: 0,
        },
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/insurance/:insurer/admin/pre-registrations',
    allowed: ['insurer'],
    request: ({ fixtures }) => ({
      url: `/api/insurance/${fixtures.insurerId}/admin/pre-registrations`,
      payload: { csv: 'insurer_policy_id,holder_email\nMATRIX-CSV-1,matrix-csv@example.dk' },
    }),
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurer/admin/theft-reports',
    allowed: ['insurer', 'staff', 'staff_admin'],
    request: ({ fixtures }) => ({ url: `/api/insurance/${fixtures.insurerId}/admin/theft-reports` }),
  },
  ...(['', '/csv', '/pdf'] as const).map(
    (format): MatrixCase => ({
      method: 'GET',
      route: `/api/insurance/:insurer/admin/reports${format}`,
      allowed: ['insurer', 'staff', 'staff_admin'],
      request: ({ fixtures }) => ({
        url: `/api/insurance/${fixtures.insurerId}/admin/reports${format}?from=2026-01-01&to=2026-12-31`,
      }),
    }),
  ),
  {
    method: 'GET',
    route: '/api/stickers/:sticker_id',
    allowed: EVERYONE,
    request: async ({ freeSticker }) => ({ url: `/api/stickers/${await freeSticker()}` }),
  },
  // Chats: anyone signed in has their own list; a chat itself only its participants (`user`, also
  // when staff are switched into them, and `other_user`); everyone else, staff included, gets 404.
  // Writing is the person's own act: not while switched in (the invalid body's 422 proves access).
  { method: 'GET', route: '/api/chats', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/chats/unread', allowed: SIGNED_IN },
  { method: 'POST', route: '/api/chats', allowed: SELF, request: () => ({ payload: {} }) },
  {
    method: 'GET',
    route: '/api/chats/:chat_id',
    allowed: ['user', 'switched', 'other_user'],
    request: async ({ chatOfUser }) => ({ url: `/api/chats/${(await chatOfUser()).chatId}` }),
  },
  {
    method: 'GET',
    route: '/api/chats/:chat_id/messages',
    allowed: ['user', 'switched', 'other_user'],
    request: async ({ chatOfUser }) => ({ url: `/api/chats/${(await chatOfUser()).chatId}/messages` }),
  },
  {
    method: 'POST',
    route: '/api/chats/:chat_id/messages',
    allowed: ['user', 'other_user'],
    request: async ({ chatOfUser }) => ({
      url: `/api/chats/${(await chatOfUser()).chatId}/messages`,
      payload: { content: 'Matrix' },
    }),
  },
  {
    method: 'POST',
    route: '/api/chats/:chat_id/read',
    allowed: ['user', 'switched', 'other_user'],
    request: async ({ chatOfUser }) => {
      const { chatId, messageId } = await chatOfUser();
      return { url: `/api/chats/${chatId}/read`, payload: { message_id: messageId } };
    },
  },
  // Support (issue 17 §2): a person's own tickets (staff switched in may read, not write); a visitor
  // writes with an address (invalid bodies: 422 proves access); the queue is for support and admin staff.
  { method: 'GET', route: '/api/support/tickets', allowed: SIGNED_IN },
  { method: 'POST', route: '/api/support/tickets', allowed: SELF, request: () => ({ payload: {} }) },
  {
    method: 'GET',
    route: '/api/support/tickets/:ticket_id',
    allowed: ['user', 'switched'],
    request: async ({ ticketOfUser }) => ({ url: `/api/support/tickets/${await ticketOfUser()}` }),
  },
  {
    method: 'POST',
    route: '/api/support/tickets/:ticket_id/messages',
    allowed: ['user'],
    request: async ({ ticketOfUser }) => ({
      url: `/api/support/tickets/${await ticketOfUser()}/messages`,
      payload: { content: 'Matrix' },
    }),
  },
  {
    method: 'POST',
    route: '/api/support/guest-tickets',
    allowed: EVERYONE,
    request: () => ({ payload: {} }),
  },
  {
    method: 'POST',
    route: '/api/support/guest-tickets/:ticket_id/open',
    allowed: EVERYONE,
    request: async ({ ticketOfUser }) => ({
      url: `/api/support/guest-tickets/${await ticketOfUser()}/open`,
      payload: {},
    }),
  },
  {
    method: 'POST',
    route: '/api/support/guest-tickets/:ticket_id/messages',
    allowed: EVERYONE,
    request: async ({ ticketOfUser }) => ({
      url: `/api/support/guest-tickets/${await ticketOfUser()}/messages`,
      payload: {},
    }),
  },
  { method: 'GET', route: '/api/backoffice/tickets', allowed: STAFF },
  {
    method: 'GET',
    route: '/api/backoffice/tickets/:ticket_id',
    allowed: STAFF,
    request: async ({ ticketOfUser }) => ({ url: `/api/backoffice/tickets/${await ticketOfUser()}` }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/tickets/:ticket_id/messages',
    allowed: STAFF,
    request: async ({ ticketOfUser }) => ({
      url: `/api/backoffice/tickets/${await ticketOfUser()}/messages`,
      payload: {},
    }),
  },
  {
    method: 'PATCH',
    route: '/api/backoffice/tickets/:ticket_id',
    allowed: STAFF,
    request: async ({ ticketOfUser }) => ({
      url: `/api/backoffice/tickets/${await ticketOfUser()}`,
      payload: {},
    }),
  },
  // Ownership. Offers: the sender (`user`, also switched in) and the bound recipient (`other_user`)
  // see one; only the recipient accepts or rejects (with the mail's code: their address is not
  // confirmed), only the sender cancels; the other side gets 403, everyone else 404. Creating takes
  // an invalid body (422 proves access). Every write is the person's own act: staff switched into
  // the account may look but not give, take or ask for a bike.
  {
    method: 'POST',
    route: '/api/ownership-transfers',
    allowed: SELF,
    request: () => ({ payload: { bike_id: '' } }),
  },
  { method: 'GET', route: '/api/ownership-transfers', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/ownership-transfers/claim',
    allowed: SELF,
    request: () => ({ payload: { code: '' } }),
  },
  {
    method: 'GET',
    route: '/api/ownership-transfers/:transfer_id',
    allowed: ['user', 'switched', 'other_user'],
    request: async ({ transferOfUser }) => ({
      url: `/api/ownership-transfers/${(await transferOfUser()).transferId}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/ownership-transfers/:transfer_id/accept',
    allowed: ['other_user'],
    request: async ({ transferOfUser }) => {
      const { transferId, code } = await transferOfUser();
      return { url: `/api/ownership-transfers/${transferId}/accept`, payload: { code } };
    },
  },
  {
    method: 'POST',
    route: '/api/ownership-transfers/:transfer_id/reject',
    allowed: ['other_user'],
    request: async ({ transferOfUser }) => ({
      url: `/api/ownership-transfers/${(await transferOfUser()).transferId}/reject`,
    }),
  },
  {
    method: 'POST',
    route: '/api/ownership-transfers/:transfer_id/cancel',
    allowed: ['user'],
    request: async ({ transferOfUser }) => ({
      url: `/api/ownership-transfers/${(await transferOfUser()).transferId}/cancel`,
    }),
  },
  // Requests: the owner (`user`) offers or declines, the requester (`other_user`) withdraws.
  {
    method: 'POST',
    route: '/api/ownership-requests',
    allowed: SELF,
    request: () => ({ payload: { bike_id: '' } }),
  },
  { method: 'GET', route: '/api/ownership-requests', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/ownership-requests/:request_id/offer',
    allowed: ['user'],
    request: async ({ requestToUser }) => ({
      url: `/api/ownership-requests/${await requestToUser()}/offer`,
    }),
  },
  {
    method: 'POST',
    route: '/api/ownership-requests/:request_id/decline',
    allowed: ['user'],
    request: async ({ requestToUser }) => ({
      url: `/api/ownership-requests/${await requestToUser()}/decline`,
    }),
  },
  {
    method: 'POST',
    route: '/api/ownership-requests/:request_id/withdraw',
    allowed: ['other_user'],
    request: async ({ requestToUser }) => ({
      url: `/api/ownership-requests/${await requestToUser()}/withdraw`,
    }),
  },
  // Owner verification: the owner only (staff switched in act as the owner); bodies are valid in
  // shape, so the owner's 422 (no such picture) or 409 (steps missing) proves access.
  {
    method: 'GET',
    route: '/api/bikes/:bike_id/ownership-verification',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({ url: `/api/bikes/${await bikeOfUser()}/ownership-verification` }),
  },
  {
    method: 'PUT',
    route: '/api/bikes/:bike_id/ownership-verification/frame',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}/ownership-verification/frame`,
      payload: { frame_number: 'MATRIX4711', picture_id: randomUUID() },
    }),
  },
  {
    method: 'PUT',
    route: '/api/bikes/:bike_id/ownership-verification/owner',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}/ownership-verification/owner`,
      payload: { file_id: randomUUID() },
    }),
  },
  {
    method: 'POST',
    route: '/api/bikes/:bike_id/ownership-verification/submit',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}/ownership-verification/submit`,
    }),
  },
  // The staff queue; deciding a draft answers 409 to staff (past every access rule).
  { method: 'GET', route: '/api/backoffice/ownership-verifications', allowed: STAFF },
  { method: 'GET', route: '/api/backoffice/frame-number-collisions', allowed: STAFF },
  // Issue 32 §2: "possibly yours". Our staff see found bikes with their candidates and decide them;
  // the owner sees their notices (everyone signed in sees their own, empty list) and claims one:
  // anyone else hears 404, staff switched into the owner's account may not claim for them.
  { method: 'GET', route: '/api/backoffice/found-matches', allowed: STAFF },
  {
    method: 'GET',
    route: '/api/backoffice/found-matches/:pickupId',
    allowed: STAFF,
    request: async ({ foundMatchOfUser }) => ({
      url: `/api/backoffice/found-matches/${(await foundMatchOfUser()).pickupId}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/found-matches/:pickupId/rematch',
    allowed: STAFF,
    request: async ({ foundMatchOfUser }) => ({
      url: `/api/backoffice/found-matches/${(await foundMatchOfUser()).pickupId}/rematch`,
    }),
  },
  {
    method: 'PUT',
    route: '/api/backoffice/found-match-candidates/:matchId/decision',
    allowed: STAFF,
    request: async ({ foundMatchOfUser }) => ({
      url: `/api/backoffice/found-match-candidates/${(await foundMatchOfUser()).matchId}/decision`,
      payload: { decision: 'confirmed' },
    }),
  },
  { method: 'GET', route: '/api/found-matches', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/found-matches/:matchId/claim',
    allowed: ['user'],
    request: async ({ foundMatchOfUser }) => ({
      url: `/api/found-matches/${(await foundMatchOfUser()).matchId}/claim`,
    }),
  },
  // Issue 32 §3: our staff's close-serial search (the police's is an option of /org-bike-search).
  {
    method: 'GET',
    route: '/api/backoffice/close-serial-search',
    allowed: STAFF,
    request: () => ({ url: '/api/backoffice/close-serial-search?q=MATRIX4711' }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/ownership-verifications/:verification_id/approve',
    allowed: STAFF,
    request: async ({ verificationOfUser }) => ({
      url: `/api/backoffice/ownership-verifications/${await verificationOfUser()}/approve`,
    }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/ownership-verifications/:verification_id/reject',
    allowed: STAFF,
    request: async ({ verificationOfUser }) => ({
      url: `/api/backoffice/ownership-verifications/${await verificationOfUser()}/reject`,
      payload: { reason: 'Matrix' },
    }),
  },
  // --- stolen and found (issue 6) --------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/bikes/:bike_id/theft-report/draft',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({ url: `/api/bikes/${await bikeOfUser()}/theft-report/draft` }),
  },
  {
    // Every field is optional while drafting: an empty draft is valid, so the owner's 200 (and
    // everyone else's 404) shows the ownership check, which runs after validation.
    method: 'PUT',
    route: '/api/bikes/:bike_id/theft-report/draft',
    allowed: ['user', 'switched'],
    request: async ({ bikeOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}/theft-report/draft`,
      payload: {},
    }),
  },
  {
    // Sending is the owner's own statement (the acknowledgements): not for staff switched in. A bike
    // without a draft answers the owner 422 listing what is missing.
    method: 'POST',
    route: '/api/bikes/:bike_id/theft-report/submit',
    allowed: ['user'],
    request: async ({ newBikeOfUser }) => ({
      url: `/api/bikes/${await newBikeOfUser()}/theft-report/submit`,
    }),
  },
  {
    method: 'GET',
    route: '/api/bikes/:bike_id/theft-report',
    allowed: ['user', 'switched'],
    request: async ({ stolenBikeOfUser }) => ({
      url: `/api/bikes/${(await stolenBikeOfUser()).bikeId}/theft-report`,
    }),
  },
  {
    // The signed address is the key (it is only ever given to the report's owner): whoever holds it
    // gets the PDF, as with bike files; a wrong signature answers 403 (theft-reports.test.ts).
    method: 'GET',
    route: '/api/bikes/:bike_id/theft-report/pdf',
    allowed: EVERYONE,
    request: async ({ stolenBikeOfUser }) => ({ url: (await stolenBikeOfUser()).pdfUrl }),
  },
  {
    // The bike is not stolen: the owner gets 409 bike_not_stolen, which shows the access check passed.
    method: 'POST',
    route: '/api/bikes/:bike_id/found',
    allowed: ['user'],
    request: async ({ bikeOfUser }) => ({ url: `/api/bikes/${await bikeOfUser()}/found` }),
  },
  {
    // Withdrawing consent is the report's maker's own act: not staff switched in (insurance.md §6).
    method: 'POST',
    route: '/api/bikes/:bike_id/theft-report/withdraw-data-share',
    allowed: ['user'],
    request: async ({ stolenBikeOfUser }) => ({
      url: `/api/bikes/${(await stolenBikeOfUser()).bikeId}/theft-report/withdraw-data-share`,
    }),
  },
  {
    method: 'GET',
    route: '/api/stolen-bikes',
    allowed: EVERYONE,
    request: () => ({ url: '/api/stolen-bikes?bbox=3,54,32,72&zoom=4' }),
  },
  { method: 'GET', route: '/api/stolen-bikes/list', allowed: EVERYONE },
  {
    method: 'GET',
    route: '/api/theft-places',
    allowed: SIGNED_IN,
    request: () => ({ url: '/api/theft-places?q=2200&region=dk' }),
  },
  { method: 'GET', route: '/api/stolen-bikes/map-configuration', allowed: EVERYONE },
  {
    method: 'GET',
    route: '/api/stolen-bikes/:bike_id',
    allowed: EVERYONE,
    request: async ({ stolenBikeOfUser }) => ({
      url: `/api/stolen-bikes/${(await stolenBikeOfUser()).bikeId}`,
    }),
  },
  {
    // Anyone may write to an owner, but not staff switched into someone's account. The bike is not
    // stolen, so a visitor gets 409 bike_not_stolen and the owner 409 own_bike: past the access check.
    method: 'POST',
    route: '/api/bikes/:bike_id/contact-owner',
    allowed: EVERYONE.filter((role) => role !== 'switched'),
    request: async ({ bikeOfUser }) => ({
      url: `/api/bikes/${await bikeOfUser()}/contact-owner`,
      payload: { message: 'Matrix' },
    }),
  },
  {
    // The mailed code is the authorisation: anyone may try one (an unknown code answers 400).
    method: 'POST',
    route: '/api/contact-owner/confirmations',
    allowed: EVERYONE,
    request: () => ({ payload: { code: 'not-a-code' } }),
  },
  {
    // Sent with an empty body: whether the caller is an organisation or a verified finder is checked
    // with a valid one (item-pickups.test.ts).
    method: 'POST',
    route: '/api/bikes/:bike_id/pickups',
    allowed: SELF,
    request: async ({ bikeOfUser }) => ({ url: `/api/bikes/${await bikeOfUser()}/pickups`, payload: {} }),
  },
  { method: 'GET', route: '/api/item-pickups', allowed: SIGNED_IN },
  {
    // A new pickup each time, held by verified_user for a bike of user: owner and holder may close it.
    method: 'POST',
    route: '/api/item-pickups/:pickup_id/collected',
    allowed: ['user', 'verified_user'],
    request: async ({ pickupForUser }) => ({ url: `/api/item-pickups/${await pickupForUser()}/collected` }),
  },
  {
    method: 'POST',
    route: '/api/item-pickups/:pickup_id/cancel',
    allowed: ['verified_user'],
    request: async ({ pickupForUser }) => ({ url: `/api/item-pickups/${await pickupForUser()}/cancel` }),
  },
  // Organisations at work (issue 17 §3). The police and municipalities take in bikes by frame number
  // (a new bike of user each time: 201) and release the ones they hold after the deadline; the
  // body is valid, so everyone else's 403 comes from the organisation check.
  {
    method: 'POST',
    route: '/api/item-pickups',
    allowed: ['police', 'municipality'],
    request: async ({ newFrameNumberOfUser }) => ({
      payload: {
        identifier: await newFrameNumberOfUser(),
        place: 'Matrix depot',
        collect_until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    }),
  },
  // A bike the register does not know, described (issue 32 §2): the same route, the same roles.
  {
    method: 'POST',
    route: '/api/item-pickups',
    allowed: ['police', 'municipality'],
    request: async () => ({
      payload: {
        unregistered: { brand: 'Matrix', color: 'blue', category: 'city' },
        location: { latitude: 55.68, longitude: 12.57 },
        place: 'Matrix depot',
        collect_until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    }),
  },
  {
    // A new pickup past its last day, held by the matrix police for a bike of user: only it releases;
    // the owner is refused (403), everyone else does not see it (404).
    method: 'POST',
    route: '/api/item-pickups/:pickup_id/released',
    allowed: ['police'],
    request: async ({ expiredPickupOfPolice }) => ({
      url: `/api/item-pickups/${await expiredPickupOfPolice()}/released`,
    }),
  },
  // /org-bike-search: members acting for the police, a municipality or an insurer; the owner's
  // contact for the police only; each one's own access log.
  {
    method: 'GET',
    route: '/api/org-bike-search',
    allowed: ['insurer', 'police', 'municipality'],
    request: () => ({ url: '/api/org-bike-search?q=MATRIX4711' }),
  },
  {
    method: 'GET',
    route: '/api/org-bike-search/bikes/:bike_id',
    allowed: ['insurer', 'police', 'municipality'],
    request: async ({ bikeOfUser }) => ({ url: `/api/org-bike-search/bikes/${await bikeOfUser()}` }),
  },
  {
    method: 'POST',
    route: '/api/org-bike-search/bikes/:bike_id/owner-contact',
    allowed: ['police'],
    request: async ({ bikeOfUser }) => ({
      url: `/api/org-bike-search/bikes/${await bikeOfUser()}/owner-contact`,
      payload: { case_number: '0100-80151-00001-26' },
    }),
  },
  {
    method: 'POST',
    route: '/api/org-bike-search/bikes/:bike_id/messages',
    allowed: ['insurer', 'police', 'municipality'],
    request: async ({ bikeOfUser }) => ({
      url: `/api/org-bike-search/bikes/${await bikeOfUser()}/messages`,
      payload: { content: 'Matrix' },
    }),
  },
  {
    // The holder's photo of a held bike: the holder only (422 without a file); the owner 403, others 404.
    method: 'PUT',
    route: '/api/item-pickups/:pickup_id/photo',
    allowed: ['verified_user'],
    request: async ({ pickupForUser }) => ({ url: `/api/item-pickups/${await pickupForUser()}/photo` }),
  },
  {
    // The signature is the access check: anyone with the signed address gets the photo.
    method: 'GET',
    route: '/api/item-pickups/:pickup_id/photo',
    allowed: EVERYONE,
    request: async ({ pickupPhotoOfUser }) => ({ url: await pickupPhotoOfUser() }),
  },
  { method: 'GET', route: '/api/identities/me/access-log', allowed: SELF },
  {
    // Issue 28: where a stolen bike was last locked in a dock, for its owner (also switched into); others 404.
    method: 'GET',
    route: '/api/bikes/:bike_id/last-dock-parking',
    allowed: ['user', 'switched'],
    request: async ({ stolenBikeOfUser }) => ({
      url: `/api/bikes/${(await stolenBikeOfUser()).bikeId}/last-dock-parking`,
    }),
  },
  // Docks (issue 28). A person's docks and a public dock's locks: anyone signed in. The operator's
  // side: the admin or a dock operator of the organisation running the dock, acting for it
  // (DOCK_OPERATORS in a session acting for the business); everyone else, the business's plain
  // member included, is refused (403 for the organisation-wide list and for creating, 404
  // dock_not_found for a dock they do not run). Bodies are valid, so refusals come from the access
  // rules, not validation.
  { method: 'GET', route: '/api/docks', allowed: SIGNED_IN },
  {
    method: 'GET',
    route: '/api/docks/:dock_id/locks',
    allowed: SIGNED_IN,
    request: async ({ dockOfBusiness }) => ({ url: `/api/docks/${(await dockOfBusiness()).dockId}/locks` }),
  },
  {
    method: 'GET',
    route: '/api/operator/docks',
    allowed: DOCK_OPERATORS,
    request: async ({ dockOperatorHeaders }) => ({ headers: await dockOperatorHeaders() }),
  },
  {
    method: 'GET',
    route: '/api/operator/organisations',
    allowed: DOCK_OPERATORS,
    request: async ({ dockOperatorHeaders }) => ({
      url: '/api/operator/organisations?q=ApS',
      headers: await dockOperatorHeaders(),
    }),
  },
  {
    method: 'POST',
    route: '/api/docks',
    allowed: DOCK_OPERATORS,
    request: async ({ dockOperatorHeaders }) => ({
      headers: await dockOperatorHeaders(),
      payload: MATRIX_DOCK,
    }),
  },
  {
    method: 'GET',
    route: '/api/docks/:dock_id/operation',
    allowed: DOCK_OPERATORS,
    request: async ({ dockOfBusiness, dockOperatorHeaders }) => ({
      url: `/api/docks/${(await dockOfBusiness()).dockId}/operation`,
      headers: await dockOperatorHeaders(),
    }),
  },
  {
    method: 'PUT',
    route: '/api/docks/:dock_id',
    allowed: DOCK_OPERATORS,
    request: async ({ dockOfBusiness, dockOperatorHeaders }) => ({
      url: `/api/docks/${(await dockOfBusiness()).dockId}`,
      headers: await dockOperatorHeaders(),
      payload: MATRIX_DOCK,
    }),
  },
  {
    method: 'POST',
    route: '/api/docks/:dock_id/close',
    allowed: DOCK_OPERATORS,
    request: async ({ newDockOfBusiness, dockOperatorHeaders }) => ({
      url: `/api/docks/${await newDockOfBusiness()}/close`,
      headers: await dockOperatorHeaders(),
    }),
  },
  {
    method: 'PUT',
    route: '/api/docks/:dock_id/locks/:lock_id/label',
    allowed: DOCK_OPERATORS,
    request: async ({ dockOfBusiness, dockOperatorHeaders }) => {
      const { dockId, lockId } = await dockOfBusiness();
      return {
        url: `/api/docks/${dockId}/locks/${lockId}/label`,
        headers: await dockOperatorHeaders(),
        payload: { label: 'M1' },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/docks/:dock_id/locks/:lock_id/history',
    allowed: DOCK_OPERATORS,
    request: async ({ dockOfBusiness, dockOperatorHeaders }) => {
      const { dockId, lockId } = await dockOfBusiness();
      return { url: `/api/docks/${dockId}/locks/${lockId}/history`, headers: await dockOperatorHeaders() };
    },
  },
  {
    method: 'PUT',
    route: '/api/docks/:dock_id/locks/:lock_id/out-of-service',
    allowed: DOCK_OPERATORS,
    request: async ({ dockOfBusiness, dockOperatorHeaders }) => {
      const { dockId, lockId } = await dockOfBusiness();
      return {
        url: `/api/docks/${dockId}/locks/${lockId}/out-of-service`,
        headers: await dockOperatorHeaders(),
        payload: { reason: 'Matrix check' },
      };
    },
  },
  {
    method: 'DELETE',
    route: '/api/docks/:dock_id/locks/:lock_id/out-of-service',
    allowed: DOCK_OPERATORS,
    request: async ({ dockOfBusiness, dockOperatorHeaders }) => {
      const { dockId, lockId } = await dockOfBusiness();
      return {
        url: `/api/docks/${dockId}/locks/${lockId}/out-of-service`,
        headers: await dockOperatorHeaders(),
      };
    },
  },
  {
    method: 'GET',
    route: '/api/docks/:dock_id/left-behind',
    allowed: DOCK_OPERATORS,
    request: async ({ dockOfBusiness, dockOperatorHeaders }) => ({
      url: `/api/docks/${(await dockOfBusiness()).dockId}/left-behind`,
      headers: await dockOperatorHeaders(),
    }),
  },
  {
    // Only an operator that may hold bikes for their owners (the police, a municipality) hands one
    // over; no matrix role both runs a dock and is one, so the business's admin is refused too (403
    // held_bikes_not_allowed). A municipality's hand-over is in docks.operator-locks.test.ts.
    method: 'POST',
    route: '/api/docks/:dock_id/parkings/:parking_id/hand-over',
    allowed: [],
    request: async ({ dockOfBusiness, dockOperatorHeaders }) => {
      const { dockId, parkingId } = await dockOfBusiness();
      return {
        url: `/api/docks/${dockId}/parkings/${parkingId}/hand-over`,
        headers: await dockOperatorHeaders(),
        payload: {
          place: 'Matrix depot',
          collect_until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        },
      };
    },
  },
  // The public GBFS feed of public docks: anyone, no account.
  {
    method: 'GET',
    route: '/api/gbfs/:region/gbfs.json',
    allowed: EVERYONE,
    request: () => ({ url: '/api/gbfs/dk/gbfs.json' }),
  },
  {
    method: 'GET',
    route: '/api/gbfs/:region/system_information.json',
    allowed: EVERYONE,
    request: () => ({ url: '/api/gbfs/dk/system_information.json' }),
  },
  {
    method: 'GET',
    route: '/api/gbfs/:region/station_information.json',
    allowed: EVERYONE,
    request: () => ({ url: '/api/gbfs/dk/station_information.json' }),
  },
  {
    method: 'GET',
    route: '/api/gbfs/:region/station_status.json',
    allowed: EVERYONE,
    request: () => ({ url: '/api/gbfs/dk/station_status.json' }),
  },
  // Issue 28, lock devices and live locks: the matrix dock of the fixtures' business is public, its
  // admin (org_admin, in the session that made it) and its dock operator operate it acting for it,
  // and `user` has a bike parked in its one lock.
  {
    method: 'POST',
    route: '/api/docks/:dock_id/devices',
    allowed: DOCK_OPERATORS,
    request: async ({ role, dockOfOrganisation, dockOperatorHeaders }) => {
      const dock = await dockOfOrganisation();
      const headers = role === 'org_admin' ? bearer(dock.operatorToken) : await dockOperatorHeaders();
      return { url: `/api/docks/${dock.dockId}/devices`, headers };
    },
  },
  {
    method: 'DELETE',
    route: '/api/docks/:dock_id/devices/:device_id',
    allowed: DOCK_OPERATORS,
    request: async ({ role, dockOfOrganisation, dockOperatorHeaders }) => {
      const dock = await dockOfOrganisation();
      const headers = role === 'org_admin' ? bearer(dock.operatorToken) : await dockOperatorHeaders();
      return {
        url: `/api/docks/${dock.dockId}/devices/${await dock.newDeviceId()}`,
        headers,
      };
    },
  },
  {
    // The device's one-time code is the authority, not an account: a wrong code answers 400.
    method: 'POST',
    route: '/api/docks/devices/pairings',
    allowed: EVERYONE,
    request: () => ({ payload: { code: 'ABCDEFGHJK', connectors: 1 } }),
  },
  {
    // The device's Basic credentials are the authority, whoever else the caller is: with them and
    // without the upgrade it answers 400 (lock-devices.test.ts: 401 without them, before any upgrade).
    method: 'GET',
    route: '/api/docks/devices/websocket',
    allowed: EVERYONE,
    request: async ({ dockOfOrganisation }) => ({
      headers: {
        authorization: (await dockOfOrganisation()).deviceAuthorization,
        'sec-websocket-protocol': 'nbr-lock1.0',
      },
    }),
  },
  {
    // The ticket is the authentication, checked before the upgrade (as /api/ws); without the upgrade 400.
    method: 'GET',
    route: '/api/docks/:dock_id/websocket',
    allowed: SIGNED_IN,
    request: async ({ realtimeTicket, dockOfOrganisation }) => {
      const { dockId } = await dockOfOrganisation();
      const ticket = await realtimeTicket();
      return { url: `/api/docks/${dockId}/websocket${ticket ? `?ticket=${ticket}` : ''}` };
    },
  },
  {
    // Only the owner of the bike gets past (409 lock_out_of_service); anyone else's is 404 bike_not_found.
    method: 'POST',
    route: '/api/docks/:dock_id/locks/:lock_id/lock',
    allowed: ['user', 'switched'],
    request: async ({ dockOfOrganisation, bikeOfUser }) => {
      const { dockId, lockId } = await dockOfOrganisation();
      return { url: `/api/docks/${dockId}/locks/${lockId}/lock`, payload: { bike_id: await bikeOfUser() } };
    },
  },
  {
    // Everyone who may use the dock reaches the parking rule: the parker gets 409 lock_busy here,
    // anyone else 409 not_your_parking, never who parked (lock-commands.live.test.ts).
    method: 'POST',
    route: '/api/docks/:dock_id/locks/:lock_id/unlock',
    allowed: SIGNED_IN,
    request: async ({ dockOfOrganisation }) => {
      const { dockId, lockId } = await dockOfOrganisation();
      return { url: `/api/docks/${dockId}/locks/${lockId}/unlock` };
    },
  },
  {
    method: 'POST',
    route: '/api/docks/:dock_id/locks/:lock_id/remote-open',
    allowed: DOCK_OPERATORS,
    request: async ({ role, dockOfOrganisation, dockOperatorHeaders }) => {
      const dock = await dockOfOrganisation();
      const headers = role === 'org_admin' ? bearer(dock.operatorToken) : await dockOperatorHeaders();
      return {
        url: `/api/docks/${dock.dockId}/locks/${dock.lockId}/remote-open`,
        payload: { reason: 'Matrix' },
        headers,
      };
    },
  },
  // Flows (issue 29 §2): visitors read a published version; staff read them, staff admins change them.
  {
    method: 'GET',
    route: '/api/flows/:memo',
    allowed: EVERYONE,
    request: async ({ publishedFlow }) => ({ url: `/api/flows/${await publishedFlow()}` }),
  },
  { method: 'GET', route: '/api/backoffice/flows', allowed: STAFF },
  {
    method: 'GET',
    route: '/api/backoffice/flows/:memo',
    allowed: STAFF,
    request: async ({ publishedFlow }) => ({ url: `/api/backoffice/flows/${await publishedFlow()}` }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/flows',
    allowed: ['staff_admin'],
    request: () => ({ url: '/api/backoffice/flows', payload: {} }),
  },
  {
    method: 'PUT',
    route: '/api/backoffice/flows/:memo/draft',
    allowed: ['staff_admin'],
    request: () => ({ url: '/api/backoffice/flows/matrix/draft', payload: {} }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/flows/:memo/publish',
    allowed: ['staff_admin'],
    request: async ({ newFlow }) => ({ url: `/api/backoffice/flows/${await newFlow()}/publish` }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/flows/:memo/unpublish',
    allowed: ['staff_admin'],
    request: async ({ newFlow }) => ({ url: `/api/backoffice/flows/${await newFlow()}/unpublish` }),
  },
  // Walks (issue 29 §2): whoever holds a walk's token continues it, signed in or not; staff read the funnel.
  {
    method: 'POST',
    route: '/api/flows/:memo/walks',
    allowed: EVERYONE,
    request: async ({ publishedFlow }) => ({ url: `/api/flows/${await publishedFlow()}/walks` }),
  },
  {
    method: 'GET',
    route: '/api/flows/walks/:walk_id',
    allowed: EVERYONE,
    request: async ({ newFlowWalk }) => {
      const walk = await newFlowWalk();
      return { url: `/api/flows/walks/${walk.walkId}`, headers: walk.headers };
    },
  },
  {
    method: 'PUT',
    route: '/api/flows/walks/:walk_id/steps/:step_memo',
    allowed: EVERYONE,
    request: async ({ newFlowWalk }) => {
      const walk = await newFlowWalk();
      return {
        url: `/api/flows/walks/${walk.walkId}/steps/start`,
        payload: { answers: {} },
        headers: walk.headers,
      };
    },
  },
  {
    method: 'POST',
    route: '/api/flows/walks/:walk_id/steps/:step_memo/action',
    allowed: EVERYONE,
    request: async ({ newFlowWalk }) => {
      const walk = await newFlowWalk();
      return {
        url: `/api/flows/walks/${walk.walkId}/steps/start/action`,
        headers: walk.headers,
      };
    },
  },
  {
    method: 'POST',
    route: '/api/backoffice/flows/images',
    allowed: ['staff_admin'],
    request: () => ({ url: '/api/backoffice/flows/images', payload: {} }),
  },
  {
    method: 'GET',
    route: '/api/flows/images/:file_id',
    allowed: EVERYONE,
    request: async ({ flowImage }) => ({ url: await flowImage() }),
  },
  {
    method: 'GET',
    route: '/api/backoffice/flows/:memo/funnel',
    allowed: STAFF,
    request: async ({ publishedFlow }) => ({ url: `/api/backoffice/flows/${await publishedFlow()}/funnel` }),
  },
  // Region pages (issue 29 §3): visitors read the published texts; staff read the drafts, staff admins change them.
  {
    method: 'GET',
    route: '/api/region-pages/:region',
    allowed: EVERYONE,
    request: async ({ publishedRegionPage }) => {
      await publishedRegionPage();
      return { url: '/api/region-pages/dk?language=da' };
    },
  },
  {
    method: 'GET',
    route: '/api/region-pages/:region/*',
    allowed: EVERYONE,
    request: async ({ publishedRegionPage }) => ({
      url: `/api/region-pages/dk/${await publishedRegionPage()}`,
    }),
  },
  { method: 'GET', route: '/api/backoffice/region-pages', allowed: STAFF },
  {
    method: 'POST',
    route: '/api/backoffice/region-pages',
    allowed: ['staff_admin'],
    request: () => ({ url: '/api/backoffice/region-pages', payload: {} }),
  },
  {
    method: 'GET',
    route: '/api/backoffice/region-pages/:pageId',
    allowed: STAFF,
    request: async ({ newRegionPage }) => ({ url: `/api/backoffice/region-pages/${await newRegionPage()}` }),
  },
  {
    method: 'PUT',
    route: '/api/backoffice/region-pages/:pageId/texts/:language/draft',
    allowed: ['staff_admin'],
    request: () => ({ url: `/api/backoffice/region-pages/${uuidv7()}/texts/da/draft`, payload: {} }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/region-pages/:pageId/texts/:language/publish',
    allowed: ['staff_admin'],
    request: async ({ newRegionPage }) => ({
      url: `/api/backoffice/region-pages/${await newRegionPage()}/texts/da/publish`,
    }),
  },
  {
    method: 'POST',
    route: '/api/backoffice/region-pages/:pageId/texts/:language/unpublish',
    allowed: ['staff_admin'],
    request: async ({ newRegionPage }) => ({
      url: `/api/backoffice/region-pages/${await newRegionPage()}/texts/da/unpublish`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/backoffice/region-pages/:pageId',
    allowed: ['staff_admin'],
    request: async ({ newRegionPage }) => ({ url: `/api/backoffice/region-pages/${await newRegionPage()}` }),
  },
  // Issue 29 §1: the commuter survey. The organisation's side is for its admins acting for it (the
  // matrix's insurer, police and municipality sessions are plain members); a survey of another
  // organisation answers 404. Visitors answer too (a visitor's first step starts an answer and
  // answers its token); staff switched into an account read the answer but never answer for the person.
  {
    method: 'POST',
    route: '/api/operator/surveys',
    allowed: ['org_admin'],
    request: async ({ dockOperatorHeaders }) => ({
      headers: await dockOperatorHeaders(),
      payload: { title: 'Matrix', opens_on: '2026-01-01', closes_on: '2026-12-31', workplaces: [] },
    }),
  },
  {
    method: 'GET',
    route: '/api/operator/surveys',
    allowed: ['org_admin'],
    request: async ({ dockOperatorHeaders }) => ({ headers: await dockOperatorHeaders() }),
  },
  {
    method: 'GET',
    route: '/api/operator/surveys/:survey_id/figures',
    allowed: ['org_admin', ...STAFF],
    request: async ({ surveyOfBusiness, dockOperatorHeaders }) => ({
      url: `/api/operator/surveys/${(await surveyOfBusiness()).surveyId}/figures`,
      headers: await dockOperatorHeaders(),
    }),
  },
  // The survey's admin panel: the number invited (its admins), the downloads (as the figures), and
  // staff's list of every organisation's surveys.
  {
    method: 'PATCH',
    route: '/api/operator/surveys/:survey_id',
    allowed: ['org_admin'],
    request: async ({ surveyOfBusiness, dockOperatorHeaders }) => ({
      url: `/api/operator/surveys/${(await surveyOfBusiness()).surveyId}`,
      headers: await dockOperatorHeaders(),
      payload: { invited_count: 25 },
    }),
  },
  ...(['csv', 'xlsx'] as const).map(
    (format): MatrixCase => ({
      method: 'GET',
      route: `/api/operator/surveys/:survey_id/figures.${format}`,
      allowed: ['org_admin', ...STAFF],
      request: async ({ surveyOfBusiness, dockOperatorHeaders }) => ({
        url: `/api/operator/surveys/${(await surveyOfBusiness()).surveyId}/figures.${format}`,
        headers: await dockOperatorHeaders(),
      }),
    }),
  ),
  {
    method: 'GET',
    route: '/api/backoffice/surveys',
    allowed: STAFF,
  },
  {
    method: 'GET',
    route: '/api/surveys/:survey_id/answer',
    allowed: EVERYONE,
    request: async ({ surveyOfBusiness }) => ({
      url: `/api/surveys/${(await surveyOfBusiness()).surveyId}/answer`,
    }),
  },
  {
    method: 'PUT',
    route: '/api/surveys/:survey_id/answer/addresses',
    allowed: ANSWERS_SURVEYS,
    request: async ({ surveyOfBusiness }) => {
      const { surveyId, workplaceId } = await surveyOfBusiness();
      return {
        url: `/api/surveys/${surveyId}/answer/addresses`,
        payload: {
          home_postcode: '8000',
          work_postcode: '8200',
          home_position: { latitude: 56.15, longitude: 10.2 },
          work_position: null,
          workplace_id: workplaceId,
        },
      };
    },
  },
  {
    method: 'PUT',
    route: '/api/surveys/:survey_id/answer/commuting-days',
    allowed: ANSWERS_SURVEYS,
    request: async ({ surveyOfBusiness }) => ({
      url: `/api/surveys/${(await surveyOfBusiness()).surveyId}/answer/commuting-days`,
      payload: { days: [1, 2, 3] },
    }),
  },
  {
    method: 'PUT',
    route: '/api/surveys/:survey_id/answer/travel',
    allowed: ANSWERS_SURVEYS,
    request: async ({ surveyOfBusiness }) => ({
      url: `/api/surveys/${(await surveyOfBusiness()).surveyId}/answer/travel`,
      payload: {
        legs: [{ mode: 'bike', distance_km: 3, minutes: 12 }],
        would_cycle_more_with_parking: true,
        would_cycle_more_with_dock: false,
      },
    }),
  },
  {
    // Taking over one's answer given as a visitor: an over-long token proves the access check passed (422).
    method: 'POST',
    route: '/api/surveys/:survey_id/answer/claim',
    allowed: SELF,
    request: async ({ surveyOfBusiness, fixtures, role }) => ({
      url: `/api/surveys/${(await surveyOfBusiness()).surveyId}/answer/claim`,
      headers: { ...(await headersFor(fixtures.tokens[role])), 'x-survey-answer-token': 'x'.repeat(201) },
    }),
  },
];

/** A valid public dock (POST /api/docks, PUT /api/docks/{id}). */
const MATRIX_DOCK = {
  name: 'Matrix dock',
  region: 'dk',
  street_address: 'Matrixvej 1',
  postcode: '8000',
  town: 'Aarhus C',
  latitude: 56.15,
  longitude: 10.2,
  access: 'signed_in',
};

/** A multipart body with fields only, sent with the role's token. */
function multipartWithoutFile(token: string | null, fields: Record<string, string>): Partial<InjectOptions> {
  const boundary = 'matrix-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? bearer(token) : {}) },
  };
}

function allConfirmations() {
  return {
    confirm_data_copy: true,
    confirm_legal_retention: true,
    confirm_insurance_consequences: true,
    confirm_permanent: true,
    password: TEST_PASSWORD,
  };
}

async function headersFor(token: string | null): Promise<Record<string, string>> {
  return token ? bearer(token) : {};
}

function defaultUrl(route: string): string {
  if (route.includes(':')) throw new Error(`${route} has parameters: give the case a request`);
  return route;
}

describe('permission matrix', () => {
  let t: TestApp;
  let fixtures: RoleFixtures;
  let userBike: Promise<string> | undefined;
  let userVerification: Promise<string> | undefined;
  let userCertificate: Promise<string> | undefined;
  let userChat: Promise<{ chatId: string; messageId: string }> | undefined;
  let userTicket: Promise<string> | undefined;
  let userStolenBike: Promise<{ bikeId: string; pdfUrl: string; reportId: string }> | undefined;
  let userOrder: Promise<string> | undefined;
  let paidUserOrder: Promise<string> | undefined;
  let organisationOrder: Promise<string> | undefined;
  let userPolicy: Promise<string> | undefined;
  let userLockTest: Promise<string> | undefined;
  let insurerPlateOrder: Promise<string> | undefined;
  let userInsuredItem: Promise<string> | undefined;
  let insuredBike: Promise<{ policyId: string; bikeId: string }> | undefined;
  let matrixDock: Promise<MatrixDock> | undefined;
  let publishedFlow: Promise<string> | undefined;
  let flowImage: Promise<string> | undefined;
  let publishedRegionPage: Promise<string> | undefined;
  let businessDock: Promise<{ dockId: string; lockId: string; parkingId: string }> | undefined;
  const dockOperatorTokens = new Map<Role, Promise<string>>();
  let businessSurvey: Promise<{ surveyId: string; workplaceId: string }> | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    fixtures = await createRoleFixtures(t.app);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists every /api route, so none ships without saying who may call it', () => {
    const listed = new Set(CASES.map((c) => `${c.method} ${c.route}`));
    const declared = t.app.accessDeclarations
      .filter((declaration) => declaration.method !== 'HEAD')
      .map((declaration) => `${declaration.method} ${declaration.url.replace(/\/$/, '')}`);
    expect(declared.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !declared.includes(route))).toEqual([]);
  });

  for (const matrixCase of CASES) {
    describe(`${matrixCase.method} ${matrixCase.route}`, () => {
      for (const role of ROLES) {
        const isAllowed = matrixCase.allowed.includes(role);
        it(`${isAllowed ? 'lets' : 'refuses'} ${role.replaceAll('_', ' ')}`, async () => {
          const context: CaseContext = {
            role,
            fixtures,
            realtimeTicket: async () => {
              const token = fixtures.tokens[role];
              if (!token) return null;
              const response = await t.app.inject({
                method: 'POST',
                url: '/api/ws/tickets',
                headers: bearer(token),
              });
              return response.json<{ ticket: string }>().ticket;
            },
            freshToken: async () => {
              if (role === 'visitor') return null;
              if (role === 'switched')
                return switchInto(t.app, fixtures.tokens.staff, fixtures.users.user.partyId);
              const user = fixtures.users[role];
              return logIn(t.app, user.email, user.password);
            },
            openInvitation: async () => {
              const id = randomUUID();
              await t.database.db.insert(organisationInvitations).values({
                id,
                organisationPartyId: fixtures.organisationId,
                email: `matrix-${id}@example.dk`,
                role: 'member',
                codeHash: id,
                expiresAt: new Date(Date.now() + 60_000),
              });
              return id;
            },
            apiKeyOfBusiness: async () => {
              const id = uuidv7();
              const { hash, hint } = generateApiKey();
              await t.database.db.insert(organisationApiKeys).values({
                id,
                organisationPartyId: fixtures.organisationId,
                name: 'Matrix',
                scopes: ['check'],
                keyHash: hash,
                hint,
              });
              return id;
            },
            webhookOfBusiness: async () => {
              await t.database.db
                .insert(organisationWebhooks)
                .values({
                  organisationPartyId: fixtures.organisationId,
                  url: 'http://127.0.0.1:9/matrix',
                  secretSealed: 'v1.matrix.none.none',
                  secretHint: 'nbr_whsec_matr',
                })
                .onConflictDoNothing();
            },
            failedWebhookEventOfBusiness: async () => {
              const id = uuidv7();
              await t.database.db.insert(organisationWebhookEvents).values({
                id,
                organisationPartyId: fixtures.organisationId,
                type: 'webhook.test',
                payload: {},
                status: 'failed',
              });
              return id;
            },
            bikeOfUser: () => {
              userBike ??= insertBike(t.database.db, {
                ownerPartyId: fixtures.users.user.partyId,
                frameNumber: 'MATRIX4711',
              }).then((bike) => bike.bikeId);
              return userBike;
            },
            certificateOfUser: () => {
              userCertificate ??= insertBike(t.database.db, {
                ownerPartyId: fixtures.users.user.partyId,
                frameNumber: 'MATRIX4713',
              }).then(async ({ bikeId }) => {
                const response = await t.app.inject({
                  method: 'POST',
                  url: `/api/bikes/${bikeId}/resale-certificates`,
                  headers: bearer(fixtures.users.user.token),
                });
                if (response.statusCode !== 201) throw new Error(`certificate: ${response.body}`);
                return response.json<{ certificate_id: string }>().certificate_id;
              });
              return userCertificate;
            },
            newBikeOfUser: async () =>
              (
                await insertBike(t.database.db, {
                  ownerPartyId: fixtures.users.user.partyId,
                  nickname: 'Gone',
                })
              ).bikeId,
            chatOfUser: () => {
              userChat ??= context.bikeOfUser().then(async (bikeId) => {
                const response = await t.app.inject({
                  method: 'POST',
                  url: '/api/chats',
                  headers: bearer(fixtures.users.other_user.token),
                  payload: { subject_id: bikeId, content: 'Matrix' },
                });
                const created = response.json<{ chat: { id: string }; message: { id: string } }>();
                return { chatId: created.chat.id, messageId: created.message.id };
              });
              return userChat;
            },
            ticketOfUser: () => {
              userTicket ??= (async () => {
                const response = await t.app.inject({
                  method: 'POST',
                  url: '/api/support/tickets',
                  headers: bearer(fixtures.users.user.token),
                  payload: { subject_kind: 'account', message: 'Matrix' },
                });
                if (response.statusCode !== 201)
                  throw new Error(`support ticket: ${response.statusCode} ${response.body}`);
                return response.json<{ ticket: { id: string } }>().ticket.id;
              })();
              return userTicket;
            },
            transferOfUser: async () => {
              const owner = fixtures.users.user.partyId;
              const bike = await insertBike(t.database.db, {
                ownerPartyId: owner,
                frameNumber: `MTX${randomUUID().slice(0, 8)}`,
                plateId: uniqueStickerCode(),
              });
              const transferId = uuidv7();
              const code = randomUUID();
              await t.database.db.insert(ownershipTransfers).values({
                id: transferId,
                bikeId: bike.bikeId,
                fromOwnershipId: bike.ownershipId,
                senderPartyId: owner,
                recipientEmail: fixtures.users.other_user.email,
                recipientPartyId: fixtures.users.other_user.partyId,
                codeHash: createHash('sha256').update(code).digest('hex'),
                expiresAt: new Date(Date.now() + 60 * 60_000),
              });
              return { transferId, code };
            },
            requestToUser: async () => {
              const bike = await insertBike(t.database.db, {
                ownerPartyId: fixtures.users.user.partyId,
                nickname: 'Asked for',
              });
              const id = uuidv7();
              await t.database.db.insert(ownershipRequests).values({
                id,
                bikeId: bike.bikeId,
                requesterPartyId: fixtures.users.other_user.partyId,
                ownerPartyId: fixtures.users.user.partyId,
              });
              await t.database.db
                .insert(chats)
                .values({ id: uuidv7(), subjectKind: 'request', bikeId: bike.bikeId, requestId: id });
              return id;
            },
            verificationOfUser: () => {
              userVerification ??= context.bikeOfUser().then(async (bikeId) => {
                const [ownership] = await t.database.db
                  .select({ id: bikeOwnerships.id })
                  .from(bikeOwnerships)
                  .where(eq(bikeOwnerships.bikeId, bikeId));
                const id = uuidv7();
                await t.database.db
                  .insert(ownershipVerifications)
                  .values({ id, bikeId, ownershipId: ownership!.id, status: 'draft' });
                return id;
              });
              return userVerification;
            },
            stickerBatch: async () => {
              const batchId = uuidv7();
              await t.database.db
                .insert(stickerBatches)
                .values({ id: batchId, kind: 'bike', note: 'matrix' });
              return batchId;
            },
            freeSticker: async () => {
              const code = uniqueStickerCode();
              await insertStickers(t.database.db, [code]);
              return code;
            },
            stagedImport: async () => {
              const deps = {
                db: t.database.db,
                copyFrom: t.database.copyFrom,
                publicUrl: 'http://localhost',
              };
              const records = [
                ['owner_email', 'frame_number', 'region'],
                [`matrix-${uuidv7()}@example.dk`, `MTX${uuidv7().slice(-8)}`, 'dk'],
              ];
              return (
                await stageImport(deps, null, {
                  sourceName: 'Matrix',
                  fileName: 'm.csv',
                  invite: false,
                  records,
                })
              ).id;
            },
            fileOfUser: async (fileClass) => {
              const bikeId = await context.bikeOfUser();
              const fileId = uuidv7();
              const storageKey = `bikes/${bikeId}/${fileId}.pdf`;
              await t.app.fileStorage.put(storageKey, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
              await t.database.db.insert(bikeFiles).values({
                id: fileId,
                bikeId,
                fileClass,
                kind: fileClass === 'picture' ? 'private' : 'other',
                storageKey,
                contentType: 'application/pdf',
                size: 15,
                fileName: 'matrix.pdf',
                uploadedByPartyId: fixtures.users.user.partyId,
              });
              return { fileId, url: t.app.fileUrls.sign(`/api/files/${fileId}/original`) };
            },
            stolenBikeOfUser: () => {
              userStolenBike ??= insertBike(t.database.db, {
                ownerPartyId: fixtures.users.user.partyId,
                frameNumber: 'MATRIX4712',
                plateId: uniqueStickerCode(),
              }).then(async (bike) => {
                const report = await reportStolen(t.app, fixtures.users.user.token, bike.bikeId);
                return { bikeId: bike.bikeId, pdfUrl: report.pdf_url, reportId: report.report_id };
              });
              return userStolenBike;
            },
            pickupForUser: async () => {
              const bike = await insertBike(t.database.db, {
                ownerPartyId: fixtures.users.user.partyId,
                nickname: 'Held',
              });
              const id = uuidv7();
              await t.database.db.insert(itemPickups).values({
                id,
                bikeId: bike.bikeId,
                ownerPartyId: fixtures.users.user.partyId,
                holderPartyId: fixtures.users.verified_user.partyId,
                createdByPartyId: fixtures.users.verified_user.partyId,
                place: 'Matrix station',
                collectUntil: '2999-01-01',
              });
              return id;
            },
            foundMatchOfUser: async () => {
              const stolen = await context.stolenBikeOfUser();
              const pickupId = await context.pickupForUser();
              const matchId = uuidv7();
              await t.database.db.insert(foundBikeMatches).values({
                id: matchId,
                pickupId,
                source: 'taken_in',
                theftReportId: stolen.reportId,
                bikeId: stolen.bikeId,
                ownerPartyId: fixtures.users.user.partyId,
                score: 100,
                reasons: [{ kind: 'frame_exact' }],
                strong: true,
                notifiedAt: new Date(),
              });
              return { pickupId, matchId };
            },
            expiredPickupOfPolice: async () => {
              const bike = await insertBike(t.database.db, {
                ownerPartyId: fixtures.users.user.partyId,
                nickname: 'Left',
              });
              const id = uuidv7();
              await t.database.db.insert(itemPickups).values({
                id,
                bikeId: bike.bikeId,
                ownerPartyId: fixtures.users.user.partyId,
                holderPartyId: fixtures.policeId,
                createdByPartyId: fixtures.users.police.partyId,
                place: 'Matrix depot',
                collectUntil: '2000-01-01',
              });
              return id;
            },
            pickupPhotoOfUser: async () => {
              const pickupId = await context.pickupForUser();
              const key = `pickups/${pickupId}/matrix.webp`;
              await t.app.fileStorage.put(key, Buffer.from('RIFF0000WEBP'), 'image/webp');
              await t.database.db
                .update(itemPickups)
                .set({ photoStorageKey: key })
                .where(eq(itemPickups.id, pickupId));
              return t.app.fileUrls.sign(`/api/item-pickups/${pickupId}/photo`);
            },
            newFrameNumberOfUser: async () => {
              const frameNumber = `MTXH${randomUUID().slice(0, 8)}`;
              await insertBike(t.database.db, { ownerPartyId: fixtures.users.user.partyId, frameNumber });
              return frameNumber;
            },
            orderOfUser: () => {
              userOrder ??= (async () => {
                const id = uuidv7();
                await t.database.db.insert(orders).values({
                  id,
                  partyId: fixtures.users.user.partyId,
                  region: 'dk',
                  currency: 'DKK',
                  subtotalMinor: 0,
                  totalMinor: 0,
                  vatMinor: 0,
                  paymentMethod: 'voucher',
                });
                return id;
              })();
              return userOrder;
            },
            paidOrderOfUser: () => {
              paidUserOrder ??= (async () => {
                const id = uuidv7();
                const now = new Date();
                await t.database.db.insert(orders).values({
                  id,
                  partyId: fixtures.users.user.partyId,
                  region: 'dk',
                  currency: 'DKK',
                  status: 'fulfilled',
                  subtotalMinor: 10_000,
                  totalMinor: 10_000,
                  vatMinor: 2_000,
                  paymentMethod: 'reepay',
                  providerReference: id,
                  receiptNumber: 900_000 + Math.floor(Math.random() * 99_999),
                  paidAt: now,
                  fulfilledAt: now,
                });
                return id;
              })();
              return paidUserOrder;
            },
            dockOfBusiness: () => {
              businessDock ??= (async () => {
                const db = t.database.db;
                const dockId = await context.newDockOfBusiness();
                const { lockIds } = await insertDeviceWithLocks(db, dockId, ['M1']);
                const lockId = lockIds[0]!;
                const parkingId = await insertParking(db, {
                  dockId,
                  lockId,
                  partyId: fixtures.users.user.partyId,
                  bikeId: await context.bikeOfUser(),
                  lockedAt: new Date(Date.now() - 100 * 3600_000),
                });
                return { dockId, lockId, parkingId };
              })();
              return businessDock;
            },
            publishedFlow: () => {
              publishedFlow ??= (async () => {
                const memo = await context.newFlow();
                const response = await t.app.inject({
                  method: 'POST',
                  url: `/api/backoffice/flows/${memo}/publish`,
                  headers: bearer(fixtures.users.staff_admin.token),
                });
                if (response.statusCode !== 200)
                  throw new Error(`publish flow: ${response.statusCode} ${response.body}`);
                return memo;
              })();
              return publishedFlow;
            },
            flowImage: () => {
              flowImage ??= (async () => {
                const boundary = `----matrix${randomUUID().slice(0, 8)}`;
                const payload = Buffer.concat([
                  Buffer.from(
                    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
                  ),
                  await phonePhoto(),
                  Buffer.from(`\r\n--${boundary}--\r\n`),
                ]);
                const response = await t.app.inject({
                  method: 'POST',
                  url: '/api/backoffice/flows/images',
                  payload,
                  headers: {
                    'content-type': `multipart/form-data; boundary=${boundary}`,
                    ...bearer(fixtures.users.staff_admin.token),
                  },
                });
                if (response.statusCode !== 201)
                  throw new Error(`flow image: ${response.statusCode} ${response.body}`);
                return (response.json() as { url: string }).url;
              })();
              return flowImage;
            },
            newFlowWalk: async () => {
              const memo = await context.publishedFlow();
              const response = await t.app.inject({ method: 'POST', url: `/api/flows/${memo}/walks` });
              if (response.statusCode !== 201)
                throw new Error(`start walk: ${response.statusCode} ${response.body}`);
              const started = response.json() as { walk: { id: string }; token: string };
              return {
                walkId: started.walk.id,
                headers: { ...(await headersFor(fixtures.tokens[role])), 'x-flow-walk-token': started.token },
              };
            },
            newFlow: async () => {
              const memo = `matrix-${randomUUID().slice(0, 8)}`;
              const response = await t.app.inject({
                method: 'POST',
                url: '/api/backoffice/flows',
                headers: bearer(fixtures.users.staff_admin.token),
                payload: { memo, definition: MATRIX_FLOW },
              });
              if (response.statusCode !== 201)
                throw new Error(`create flow: ${response.statusCode} ${response.body}`);
              return memo;
            },
            publishedRegionPage: () => {
              publishedRegionPage ??= (async () => {
                const publish = async (pageId: string) => {
                  const response = await t.app.inject({
                    method: 'POST',
                    url: `/api/backoffice/region-pages/${pageId}/texts/da/publish`,
                    headers: bearer(fixtures.users.staff_admin.token),
                  });
                  if (response.statusCode !== 200)
                    throw new Error(`publish region page: ${response.statusCode} ${response.body}`);
                };
                await publish(await context.newRegionPage(''));
                const path = `matrix-${randomUUID().slice(0, 8)}`;
                await publish(await context.newRegionPage(path));
                return path;
              })();
              return publishedRegionPage;
            },
            newRegionPage: async (path = `matrix-${randomUUID().slice(0, 8)}`) => {
              const headers = bearer(fixtures.users.staff_admin.token);
              const created = await t.app.inject({
                method: 'POST',
                url: '/api/backoffice/region-pages',
                headers,
                payload: { region: 'dk', path },
              });
              if (created.statusCode !== 201)
                throw new Error(`create region page: ${created.statusCode} ${created.body}`);
              const pageId = created.json().id as string;
              const draft = await t.app.inject({
                method: 'PUT',
                url: `/api/backoffice/region-pages/${pageId}/texts/da/draft`,
                headers,
                payload: { title: 'Matrix', description: '', body: 'Matrix.' },
              });
              if (draft.statusCode !== 200)
                throw new Error(`region page draft: ${draft.statusCode} ${draft.body}`);
              return pageId;
            },
            newDockOfBusiness: () =>
              insertDock(t.database.db, { operatorPartyId: fixtures.organisationId, name: 'Matrix dock' }),
            dockOperatorHeaders: async () => {
              if (role !== 'org_admin' && role !== 'org_dock_operator')
                return headersFor(fixtures.tokens[role]);
              const operator = fixtures.users[role];
              let token = dockOperatorTokens.get(role);
              if (!token) {
                token = (async () => {
                  const acting = await t.app.inject({
                    method: 'PUT',
                    url: '/api/identities/authentications/acting-party',
                    headers: bearer(await logIn(t.app, operator.email, operator.password)),
                    payload: { party_id: fixtures.organisationId },
                  });
                  if (acting.statusCode !== 200)
                    throw new Error(`acting-party: ${acting.statusCode} ${acting.body}`);
                  // Acting for it also became the person's default for new sessions: undo that, so
                  // other cases' fresh sessions of the role act for the person as before.
                  await t.database.db
                    .update(identities)
                    .set({ defaultPartyId: null })
                    .where(eq(identities.partyId, operator.partyId));
                  return acting.json<{ authentication_token: string }>().authentication_token;
                })();
                dockOperatorTokens.set(role, token);
              }
              return bearer(await token);
            },
            orderOfOrganisation: () => {
              organisationOrder ??= (async () => {
                const id = uuidv7();
                await t.database.db.insert(orders).values({
                  id,
                  partyId: fixtures.organisationId,
                  region: 'dk',
                  currency: 'DKK',
                  subtotalMinor: 10_000,
                  totalMinor: 10_000,
                  vatMinor: 2_000,
                  paymentMethod: 'reepay',
                });
                return id;
              })();
              return organisationOrder;
            },
            policyOfUser: () => {
              userPolicy ??= (async () => {
                await storeInsuranceProduct(t.database.db, fixtures.insurerId, testProduct('bike_theft'));
                const policy = await appliedPolicy(t.app, fixtures.users.user.token, {
                  insurer_party_id: fixtures.insurerId,
                  coverage: 'bike_theft',
                  number_of_bikes: 1,
                });
                return policy.id;
              })();
              return userPolicy;
            },
            plateOrderOfInsurer: () => {
              insurerPlateOrder ??= (async () => {
                const id = uuidv7();
                await t.database.db.insert(insurancePlateOrders).values({
                  id,
                  insurerPartyId: fixtures.insurerId,
                  quantity: 10,
                  status: 'requested',
                  requestedByEmail: fixtures.users.insurer.email,
                  subject: '10 plader',
                  messageId: `<matrix-${id}@example.test>`,
                });
                return id;
              })();
              return insurerPlateOrder;
            },
            lockTestOfUser: () => {
              userLockTest ??= (async () => {
                const response = await t.app.inject({
                  method: 'POST',
                  url: `/api/insurance/${fixtures.insurerId}/lock-tests`,
                  headers: await headersFor(fixtures.tokens.insurer),
                  payload: { email: fixtures.users.user.email, policy_id: await context.policyOfUser() },
                });
                if (response.statusCode !== 201)
                  throw new Error(`lock test: ${response.statusCode} ${response.body}`);
                return response.json<{ id: string }>().id;
              })();
              return userLockTest;
            },
            insuredItemOfUser: () => {
              userInsuredItem ??= (async () => {
                await context.policyOfUser();
                const policy = await appliedPolicy(t.app, fixtures.users.user.token, {
                  insurer_party_id: fixtures.insurerId,
                  coverage: 'bike_theft',
                  number_of_bikes: 1,
                  bike_ids: [await context.bikeOfUser()],
                });
                return (policy.insured_items as Array<{ id: string }>)[0]!.id;
              })();
              return userInsuredItem;
            },
            possessionUploadOfUser: async () => {
              const insuredItemId = await context.insuredItemOfUser();
              const { fileId } = await context.fileOfUser('picture');
              const id = uuidv7();
              await t.database.db
                .insert(insuredItemUploads)
                .values({ id, insuredItemId, kind: 'main_image', bikeFileId: fileId });
              return id;
            },
            checkedOutPolicyOfUser: async () => {
              const policyId = await context.policyOfUser();
              const stored = await t.app.inject({
                method: 'PUT',
                url: `/api/insurance/policies/${policyId}/holder-details`,
                headers: await headersFor(fixtures.users.user.token),
                payload: MATRIX_CHECKOUT,
              });
              if (stored.statusCode !== 200)
                throw new Error(`checkout answered ${stored.statusCode}: ${stored.body}`);
              return policyId;
            },
            insuredBikeOfUser: () => {
              insuredBike ??= (async () => {
                await storeInsuranceProduct(t.database.db, fixtures.insurerId, testProduct('contents_addon'));
                const bike = await insertBike(t.database.db, {
                  ownerPartyId: fixtures.users.user.partyId,
                  nickname: 'Insured',
                });
                const policy = await appliedPolicy(t.app, fixtures.users.user.token, {
                  insurer_party_id: fixtures.insurerId,
                  coverage: 'contents_addon',
                  number_of_bikes: 1,
                  bike_ids: [bike.bikeId],
                });
                return { policyId: policy.id, bikeId: bike.bikeId };
              })();
              return insuredBike;
            },
            equipmentOfUser: async () => {
              const id = uuidv7();
              await t.database.db
                .insert(bikeEquipment)
                .values({ id, bikeId: await context.bikeOfUser(), itemType: 'battery' });
              return id;
            },
            dockOfOrganisation: () => {
              matrixDock ??= context.bikeOfUser().then((bikeId) =>
                insertMatrixDock(t.app, {
                  organisationId: fixtures.organisationId,
                  admin: fixtures.users.org_admin,
                  parkerPartyId: fixtures.users.user.partyId,
                  bikeId,
                }),
              );
              return matrixDock;
            },
            surveyOfBusiness: () => {
              businessSurvey ??= (async () => {
                const surveyId = uuidv7();
                const workplaceId = uuidv7();
                await t.database.db.insert(surveys).values({
                  id: surveyId,
                  organisationPartyId: fixtures.organisationId,
                  title: 'Matrix',
                  opensOn: '2020-01-01',
                  closesOn: '2099-12-31',
                  workplaces: [{ id: workplaceId, name: 'Matrix HQ' }],
                });
                return { surveyId, workplaceId };
              })();
              return businessSurvey;
            },
          };
          const custom = (await matrixCase.request?.(context)) ?? {};
          const response = await t.app.inject({
            method: matrixCase.method,
            url: custom.url ?? defaultUrl(matrixCase.route),
            ...(custom.payload !== undefined ? { payload: custom.payload } : {}),
            headers: custom.headers ?? (await headersFor(fixtures.tokens[role])),
          } as InjectOptions);
          const status = response.statusCode;
          if (isAllowed) {
            expect([401, 403, 404], `${role} got ${status}: ${response.body}`).not.toContain(status);
            expect(status, response.body).toBeLessThan(500);
          } else if (role === 'visitor') {
            expect(status, response.body).toBe(401);
          } else {
            expect([403, 404], `${role} got ${status}: ${response.body}`).toContain(status);
          }
        });
      }
    });
  }
});
