import { AUDIT_EVENTS_LIMIT } from '@nbr/domain/backoffice';
import type {
  NationalIdentityCheck,
  PersonDetail,
  PersonMail,
  PersonProfile,
  PersonUpdate,
  StaffCapability,
} from '@nbr/domain/backoffice-people';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import * as identity from '../identity/identity.facade.ts';
import { presentAuditEvent } from './backoffice.presenter.ts';
import * as backofficeRepository from './backoffice.repository.ts';
import type { BackofficeDeps } from './backoffice.service.ts';
import { capabilitiesOf, staffMay } from './people.policy.ts';
import * as repository from './people.repository.ts';

/*
 * Staff working on one person (issue 17 §1). Every route checks the caller's capability here
 * (people.policy.ts), and everything staff see or change of the person is audited with the person as
 * the target, so it shows in their audit trail and access log.
 */

function requireCapability(auth: RequestAuth, capability: StaffCapability): void {
  if (!staffMay(auth.staffRole, capability)) throw new AppError('forbidden');
}

/** The person behind an id from the URL, with their staff role; 404 for anything else. */
async function findTarget(deps: BackofficeDeps, partyId: string) {
  if (!isUuid(partyId)) throw new AppError('not_found');
  const found = await backofficeRepository.findPersonWithRole(deps.db, partyId);
  if (!found) throw new AppError('not_found');
  return found;
}

/**
 * Staff never work on a fellow staff member's account here (as with switch-user): an admin's
 * account would be support's to block or move otherwise. Their own account is the settings page's.
 */
function refuseStaffTarget(auth: RequestAuth, target: { staffRole: string | null; partyId: string }) {
  if (target.staffRole !== null || target.partyId === auth.identityPartyId) throw new AppError('forbidden');
}

/** GET /backoffice/identities/{id}: the person's profile, bikes, orders, consents, sessions and trail. */
export async function getPerson(
  deps: BackofficeDeps,
  auth: RequestAuth,
  partyId: string,
): Promise<PersonDetail> {
  requireCapability(auth, 'view_person');
  const target = await findTarget(deps, partyId);
  return deps.db.transaction(async (tx) => {
    const profile = await identity.findPersonProfileForStaff(tx, partyId, target.staffRole);
    if (!profile) throw new AppError('not_found');
    await recordAuditEventBy(tx, auth, {
      action: 'backoffice.person_viewed',
      targetPartyId: partyId,
      details: { staff_role: auth.staffRole },
    });
    const [bikes, orders, consents, sessions] = await Promise.all([
      repository.listBikesOfOwner(tx, partyId),
      repository.listOrdersOfParty(tx, partyId),
      identity.consentsOf(tx, partyId),
      identity.liveSessionsOf(tx, partyId),
    ]);
    const trail = staffMay(auth.staffRole, 'view_audit_trail')
      ? await backofficeRepository.listAuditEvents(tx, { targetPartyId: partyId, limit: AUDIT_EVENTS_LIMIT })
      : null;
    return {
      profile,
      bikes: bikes.map((bike) => ({
        bike_id: bike.id,
        nickname: bike.nickname,
        brand: bike.brand,
        model: bike.model,
        frame_number: bike.frameNumber,
        status: bike.status,
        registered_at: bike.createdAt.toISOString(),
      })),
      orders: orders.map((order) => ({
        order_id: order.id,
        status: order.status,
        shipment_status: order.shipmentStatus,
        total_minor: order.totalMinor,
        currency: order.currency,
        created_at: order.createdAt.toISOString(),
      })),
      consents,
      sessions,
      audit_trail: trail?.map(presentAuditEvent) ?? null,
      capabilities: capabilitiesOf(auth.staffRole),
    };
  });
}

/** PATCH /backoffice/identities/{id}: staff correct details; a new e-mail address only by admins. */
export async function updatePerson(
  deps: BackofficeDeps,
  auth: RequestAuth,
  partyId: string,
  input: PersonUpdate,
): Promise<PersonProfile> {
  requireCapability(auth, 'edit_profile');
  const { reason, ...fields } = input;
  if (fields.email !== undefined) requireCapability(auth, 'edit_email');
  const target = await findTarget(deps, partyId);
  refuseStaffTarget(auth, { staffRole: target.staffRole, partyId });
  return deps.db.transaction(async (tx) => {
    const correction = await identity.correctProfile(deps, tx, partyId, fields, target.staffRole);
    if (Object.keys(correction.after).length > 0) {
      await recordAuditEventBy(tx, auth, {
        action: 'backoffice.person_updated',
        targetPartyId: partyId,
        details: { reason, before: correction.before, after: correction.after },
      });
    }
    return correction.profile;
  });
}

/** POST /backoffice/identities/{id}/block and …/unblock (admins): audited with the reason. */
export async function setBlocked(
  deps: BackofficeDeps,
  auth: RequestAuth,
  partyId: string,
  blocked: boolean,
  reason: string,
): Promise<PersonProfile> {
  requireCapability(auth, 'block');
  const target = await findTarget(deps, partyId);
  refuseStaffTarget(auth, { staffRole: target.staffRole, partyId });
  return deps.db.transaction(async (tx) => {
    if (blocked) await identity.blockAccount(tx, partyId);
    else await identity.unblockAccount(tx, partyId);
    await recordAuditEventBy(tx, auth, {
      action: blocked ? 'backoffice.person_blocked' : 'backoffice.person_unblocked',
      targetPartyId: partyId,
      details: { reason },
    });
    const profile = await identity.findPersonProfileForStaff(tx, partyId, target.staffRole);
    if (!profile) throw new AppError('not_found');
    return profile;
  });
}

/** POST /backoffice/identities/{id}/mails: the verification or password reset link, mailed again. */
export async function resendMail(
  deps: BackofficeDeps,
  auth: RequestAuth,
  partyId: string,
  mail: PersonMail,
): Promise<void> {
  requireCapability(auth, 'resend_mails');
  await findTarget(deps, partyId);
  await deps.db.transaction(async (tx) => {
    if (mail === 'email_verification') await identity.mailVerificationAgain(deps, tx, partyId);
    else await identity.mailPasswordResetLink(deps, tx, partyId);
    await recordAuditEventBy(tx, auth, {
      action: 'backoffice.mail_resent',
      targetPartyId: partyId,
      details: { mail },
    });
  });
}

/**
 * POST /backoffice/identities/{id}/national-identity (admins): the person's MitID/BankID checks,
 * answered only with a reason, which the audit keeps (and the person's access log shows).
 */
export async function readNationalIdentity(
  deps: BackofficeDeps,
  auth: RequestAuth,
  partyId: string,
  reason: string,
): Promise<NationalIdentityCheck[]> {
  requireCapability(auth, 'read_national_identity');
  await findTarget(deps, partyId);
  return deps.db.transaction(async (tx) => {
    await recordAuditEventBy(tx, auth, {
      action: 'backoffice.private_data_read',
      targetPartyId: partyId,
      details: { reason, data: 'national_identity' },
    });
    return identity.nationalIdentityChecksOf(tx, partyId);
  });
}
