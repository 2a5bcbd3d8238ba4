import type { StaffRole } from '@nbr/domain/backoffice';
import { CONSENT_TYPES, type Consent, type ConsentType, type Profile } from '@nbr/domain/identity';
import { type Language, LanguageSchema, type Region, RegionSchema } from '@nbr/domain/locale';
import type { ConsentEventRow, IdentityRow, SessionRow, TrackingEventRow } from './identity.repository.ts';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function presentLanguage(value: string): Language {
  return LanguageSchema.catch('da').parse(value);
}

export function presentRegion(value: string): Region {
  return RegionSchema.catch('dk').parse(value);
}

/**
 * The profile a user sees of themself. The password hash and referral codes never leave the server.
 * `staffRole` comes from the request's session (null on a switch-user session: no backoffice there).
 */
export function presentProfile(
  row: IdentityRow,
  staffRole: StaffRole | null = null,
  verifiedName: string | null = null,
): Profile {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    party_id: row.partyId,
    identity_party_id: row.partyId,
    email: row.email,
    pending_email: row.pendingEmail,
    email_verified: row.emailVerifiedAt !== null,
    verified_on: iso(row.verifiedOn),
    name: name === '' ? null : name,
    first_name: row.firstName,
    last_name: row.lastName,
    verified_name: verifiedName,
    street_address: row.streetAddress,
    floor: row.floor,
    side: row.side,
    door: row.door,
    zip_code: row.zipCode,
    city: row.city,
    mobile: row.mobile,
    phone: row.phone,
    language: presentLanguage(row.language),
    region: presentRegion(row.region),
    club_membership_number: row.clubMembershipNumber,
    signed_up_at: row.signedUpAt.toISOString(),
    staff_role: staffRole,
    deletion_needs_approval: row.passwordHash === null,
  };
}

/** One entry per consent type; the newest decision is the current state. Events arrive newest first. */
export function presentConsents(events: ConsentEventRow[]): Consent[] {
  return CONSENT_TYPES.map((type) => presentConsent(type, events));
}

export function presentConsent(type: ConsentType, events: ConsentEventRow[]): Consent {
  const history = events.filter((event) => event.type === type);
  const newest = history[0];
  return {
    type,
    granted: newest?.action === 'grant',
    updated_at: iso(newest?.createdAt ?? null),
    history: history.map((event) => ({
      action: event.action,
      at: event.createdAt.toISOString(),
      source: event.source,
    })),
  };
}

/** Identity's account data in the personal data export (use-cases/export-personal-data.ts). */
export interface PersonalDataOfIdentity {
  profile: Profile & {
    birth_date: string | null;
    friend_ref: string | null;
    user_ref: string | null;
    /** The person's own referral code (issue 30 §1), null until made. */
    referral_code: string | null;
  };
  consents: Consent[];
  sessions: {
    id: string;
    created_at: string;
    refreshed_at: string;
    expires_at: string;
    revoked_at: string | null;
    revoked_reason: string | null;
    user_agent: string | null;
  }[];
  tracking_events: {
    kind: string;
    name: string;
    installed: boolean;
    app_version: string | null;
    properties: unknown;
    created_at: string;
  }[];
}

/** The account's own data for the personal data export (docs/personal-data-export.md). */
export function presentPersonalDataOfIdentity(input: {
  identity: IdentityRow;
  consentEvents: ConsentEventRow[];
  sessions: SessionRow[];
  trackingEvents: TrackingEventRow[];
  staffRole?: StaffRole | null;
}): PersonalDataOfIdentity {
  return {
    profile: {
      ...presentProfile(input.identity, input.staffRole ?? null),
      birth_date: input.identity.birthDate,
      friend_ref: input.identity.friendRef,
      user_ref: input.identity.userRef,
      referral_code: input.identity.referralCode,
    },
    consents: presentConsents(input.consentEvents),
    sessions: input.sessions.map((session) => ({
      id: session.id,
      created_at: session.createdAt.toISOString(),
      refreshed_at: session.refreshedAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
      revoked_at: iso(session.revokedAt),
      revoked_reason: session.revokedReason,
      user_agent: session.userAgent,
    })),
    tracking_events: input.trackingEvents.map((event) => ({
      kind: event.kind,
      name: event.name,
      installed: event.installed,
      app_version: event.appVersion,
      properties: event.properties ?? null,
      created_at: event.createdAt.toISOString(),
    })),
  };
}
