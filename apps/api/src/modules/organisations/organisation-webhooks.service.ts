import type {
  StolenBikeEventData,
  WebhookDelivery,
  WebhookOverview,
  WebhookSaved,
  WebhookSet,
} from '@nbr/domain/checks';
import { canSeeTheftCaseInChecks } from '@nbr/domain/organisation-powers';
import type { Database, Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import type { FieldEncryption } from '../../platform/crypto/field-encryption.ts';
import { generateWebhookSecret } from '../../platform/crypto/webhook-signature.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { type OutboundPolicy, resolvesToAllowed } from '../../platform/http/outbound-target.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { presentDelivery, presentSavedWebhook, presentWebhook } from './organisation-webhooks.presenter.ts';
import * as webhooks from './organisation-webhooks.repository.ts';
import { canManageWebhook } from './organisations.policy.ts';
import { viewableMembership } from './organisations.service.ts';

/*
 * An organisation's webhook (issue 32 §1): where the register pushes what the organisation's checks
 * lead to — a bike it checked within CHECK_WEBHOOK_WINDOW_DAYS is reported stolen. Its admins (those
 * who manage its API keys) set the address, get a signing secret shown once (kept sealed with the data
 * encryption key, since it must be read again to sign), rotate or remove it, send a test event, follow
 * the recent deliveries and resend a failed one. The delivery pass is organisation-webhooks.notifier.ts.
 */

export interface OrganisationWebhooksDeps {
  db: Database;
  encryption: FieldEncryption;
  /** Where the server may send (https on the public internet; loopback too outside production). */
  outbound: OutboundPolicy;
}

/** Events the screen lists: the newest, enough to follow a day's work. */
const RECENT_DELIVERIES = 50;

async function requireWebhookManager(
  deps: OrganisationWebhooksDeps,
  auth: RequestAuth,
  organisationId: string,
) {
  const { organisation, actor } = await viewableMembership(deps, auth, organisationId);
  if (!canManageWebhook(actor, organisation.role)) {
    throw new AppError(auth.switchedBy ? 'not_allowed_while_switched' : 'forbidden');
  }
  return organisation.organisation;
}

/** GET: the webhook (null when none) and the newest events with their attempts. */
export async function getWebhook(
  deps: OrganisationWebhooksDeps,
  auth: RequestAuth,
  organisationId: string,
): Promise<WebhookOverview> {
  const organisation = await requireWebhookManager(deps, auth, organisationId);
  const [row, events] = await Promise.all([
    webhooks.findWebhook(deps.db, organisation.partyId),
    webhooks.listRecentEvents(deps.db, organisation.partyId, RECENT_DELIVERIES),
  ]);
  return { webhook: row ? presentWebhook(row) : null, deliveries: events.map(presentDelivery) };
}

/**
 * PUT: sets the address. The first time a signing secret is made and answered, this once; changing the
 * address keeps the secret (the answer's secret is null). An address the server would not send to
 * (not https, or resolving to this machine or a private network) is refused and nothing changes.
 */
export async function setWebhook(
  deps: OrganisationWebhooksDeps,
  auth: RequestAuth,
  organisationId: string,
  input: WebhookSet,
): Promise<WebhookSaved> {
  const organisation = await requireWebhookManager(deps, auth, organisationId);
  if (organisation.suspendedAt) throw new AppError('organisation_suspended');
  if (!(await resolvesToAllowed(input.url, deps.outbound))) {
    throw new ValidationError([{ loc: ['body', 'url'], type: 'webhook_url_not_allowed' }]);
  }
  return deps.db.transaction(async (tx) => {
    const existing = await webhooks.findWebhook(tx, organisation.partyId);
    const fresh = existing ? null : generateWebhookSecret();
    const row = await webhooks.upsertWebhook(
      tx,
      {
        organisationPartyId: organisation.partyId,
        url: input.url,
        secretSealed: fresh ? deps.encryption.encrypt(fresh.secret) : '',
        secretHint: fresh?.hint ?? '',
        now: new Date(),
      },
      fresh === null,
    );
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.webhook_set',
      targetPartyId: organisation.partyId,
      details: { url: row.url, new_secret: fresh !== null },
    });
    return presentSavedWebhook(row, fresh?.secret ?? null);
  });
}

/** POST …/secret: a new signing secret, answered this once; the old one signs nothing from now on. */
export async function rotateWebhookSecret(
  deps: OrganisationWebhooksDeps,
  auth: RequestAuth,
  organisationId: string,
): Promise<WebhookSaved> {
  const organisation = await requireWebhookManager(deps, auth, organisationId);
  const fresh = generateWebhookSecret();
  return deps.db.transaction(async (tx) => {
    const row = await webhooks.replaceSecret(
      tx,
      organisation.partyId,
      deps.encryption.encrypt(fresh.secret),
      fresh.hint,
      new Date(),
    );
    if (!row) throw new AppError('webhook_not_set');
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.webhook_secret_rotated',
      targetPartyId: organisation.partyId,
      details: { secret_hint: fresh.hint },
    });
    return presentSavedWebhook(row, fresh.secret);
  });
}

/** DELETE: no more deliveries; events still waiting fail at their next attempt (no_webhook). */
export async function removeWebhook(
  deps: OrganisationWebhooksDeps,
  auth: RequestAuth,
  organisationId: string,
): Promise<void> {
  const organisation = await requireWebhookManager(deps, auth, organisationId);
  await deps.db.transaction(async (tx) => {
    if (!(await webhooks.deleteWebhook(tx, organisation.partyId))) throw new AppError('not_found');
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.webhook_removed',
      targetPartyId: organisation.partyId,
      details: {},
    });
  });
}

/** POST …/test: queues a `webhook.test` event, delivered like any other (signed, retried). */
export async function sendTestEvent(
  deps: OrganisationWebhooksDeps,
  auth: RequestAuth,
  organisationId: string,
): Promise<WebhookDelivery> {
  const organisation = await requireWebhookManager(deps, auth, organisationId);
  if (!(await webhooks.findWebhook(deps.db, organisation.partyId))) throw new AppError('webhook_not_set');
  const now = new Date();
  const id = uuidv7();
  await webhooks.insertEvents(deps.db, [
    {
      id,
      organisationPartyId: organisation.partyId,
      type: 'webhook.test',
      theftReportId: null,
      payload: { message: 'A test event from the Nordic Bike Registry.' },
      nextAttemptAt: now,
      createdAt: now,
    },
  ]);
  return presentDelivery({
    id,
    type: 'webhook.test',
    status: 'pending',
    createdAt: now,
    nextAttemptAt: now,
    attempts: 0,
    lastAttemptAt: null,
    lastHttpStatus: null,
    lastError: null,
  });
}

/** POST …/deliveries/{event_id}/resend: a failed event is queued again with a fresh retry schedule. */
export async function resendEvent(
  deps: OrganisationWebhooksDeps,
  auth: RequestAuth,
  organisationId: string,
  eventId: string,
): Promise<void> {
  const organisation = await requireWebhookManager(deps, auth, organisationId);
  if (!isUuid(eventId)) throw new AppError('not_found');
  const result = await webhooks.requeueFailedEvent(deps.db, organisation.partyId, eventId, new Date());
  if (result === 'not_found') throw new AppError('not_found');
  if (result === 'not_failed') throw new AppError('webhook_delivery_not_failed');
}

/** An organisation that checked a bike by API, and the identifier it sent. */
export interface BikeCheckOfOrganisation {
  organisationPartyId: string;
  identifier: string;
}

/**
 * In the theft report's transaction: one `bike.reported_stolen` event per organisation that checked
 * the bike (the caller has kept those within the window) and has a webhook. The identifier it checked,
 * the status and the reported date; the police also the case reference and since-date, as their checks
 * answer them. Never anything of the owner. A report already queued for an organisation is left as is.
 */
export async function enqueueStolenBikeEvents(
  executor: Executor,
  checks: readonly BikeCheckOfOrganisation[],
  report: { theftReportId: string; reportedAt: Date; stolenSince: Date | null },
): Promise<void> {
  const receivers = await webhooks.organisationsWithWebhook(
    executor,
    checks.map((check) => check.organisationPartyId),
  );
  const typeOf = new Map(receivers.map((receiver) => [receiver.partyId, receiver.type]));
  const events = checks.flatMap((check) => {
    const type = typeOf.get(check.organisationPartyId);
    if (type === undefined) return [];
    const data: StolenBikeEventData = {
      identifier: check.identifier,
      status: 'stolen',
      reported_at: report.reportedAt.toISOString(),
      ...(canSeeTheftCaseInChecks(type)
        ? { case_reference: report.theftReportId, stolen_since: report.stolenSince?.toISOString() ?? null }
        : {}),
    };
    return [
      {
        id: uuidv7(),
        organisationPartyId: check.organisationPartyId,
        type: 'bike.reported_stolen',
        theftReportId: report.theftReportId,
        payload: data,
        nextAttemptAt: report.reportedAt,
        createdAt: report.reportedAt,
      },
    ];
  });
  await webhooks.insertEvents(executor, events);
}

/**
 * After a DATA_ENCRYPTION_KEY rotation (`npm run fields:reseal`): seals every webhook signing secret
 * another key sealed with the current key (the previous one must still be accepted to read it).
 * Answers how many were sealed again.
 */
export async function resealWebhookSecrets(
  deps: Pick<OrganisationWebhooksDeps, 'db' | 'encryption'>,
): Promise<number> {
  let resealed = 0;
  for (;;) {
    const batch = await webhooks.listSecretsSealedWithOtherKey(deps.db, deps.encryption.keyId, 100);
    if (batch.length === 0) return resealed;
    for (const row of batch) {
      const next = deps.encryption.reseal(row.secretSealed);
      if (next === null) continue;
      await webhooks.replaceSealedSecret(deps.db, row.organisationPartyId, row.secretSealed, next);
      resealed += 1;
    }
  }
}
