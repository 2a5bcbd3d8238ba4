import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from '@nbr/domain/checks';
import type { Database } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import { generateApiKey } from '../../platform/auth/api-keys.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { presentApiKey, presentCreatedApiKey } from './organisation-api-keys.presenter.ts';
import * as keys from './organisation-api-keys.repository.ts';
import { canManageApiKeys } from './organisations.policy.ts';
import { viewableMembership } from './organisations.service.ts';

/*
 * An organisation's API keys for checks by API (issue 32 §1): its admins create them (the key is
 * shown once and only its hash kept), see them with their last use, and revoke them. Someone outside
 * the organisation is told it does not exist (404); a member who is not an admin may not (403).
 */

export interface OrganisationApiKeysDeps {
  db: Database;
}

/** The organisation whose keys an admin manages: 404 to outsiders, 403 to members who are not admins. */
async function requireKeyManager(deps: OrganisationApiKeysDeps, auth: RequestAuth, organisationId: string) {
  const { organisation, actor } = await viewableMembership(deps, auth, organisationId);
  if (!canManageApiKeys(actor, organisation.role)) {
    throw new AppError(auth.switchedBy ? 'not_allowed_while_switched' : 'forbidden');
  }
  return organisation.organisation;
}

/** An admin creates a key for checks; the answer holds the key, which is never shown again. */
export async function createApiKey(
  deps: OrganisationApiKeysDeps,
  auth: RequestAuth,
  organisationId: string,
  input: ApiKeyCreate,
): Promise<ApiKeyCreated> {
  const organisation = await requireKeyManager(deps, auth, organisationId);
  if (organisation.suspendedAt) throw new AppError('organisation_suspended');
  const { key, hash, hint } = generateApiKey();
  return deps.db.transaction(async (tx) => {
    const row = await keys.insertApiKey(tx, {
      id: uuidv7(),
      organisationPartyId: organisation.partyId,
      name: input.name,
      scopes: ['check'],
      keyHash: hash,
      hint,
      createdByPartyId: auth.identityPartyId,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.api_key_created',
      targetPartyId: organisation.partyId,
      details: { api_key_id: row.id, name: row.name, scopes: row.scopes },
    });
    return presentCreatedApiKey(row, key);
  });
}

/** The organisation's keys, revoked ones included, with when each was last used. */
export async function listApiKeys(
  deps: OrganisationApiKeysDeps,
  auth: RequestAuth,
  organisationId: string,
): Promise<ApiKey[]> {
  const organisation = await requireKeyManager(deps, auth, organisationId);
  return (await keys.listApiKeys(deps.db, organisation.partyId)).map(presentApiKey);
}

/** An admin revokes a key: the next check with it is refused (401 invalid_api_key). */
export async function revokeApiKey(
  deps: OrganisationApiKeysDeps,
  auth: RequestAuth,
  organisationId: string,
  keyId: string,
): Promise<void> {
  const organisation = await requireKeyManager(deps, auth, organisationId);
  await deps.db.transaction(async (tx) => {
    const revoked = isUuid(keyId)
      ? await keys.revokeApiKey(tx, organisation.partyId, keyId, auth.identityPartyId, new Date())
      : null;
    if (!revoked) throw new AppError('not_found');
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.api_key_revoked',
      targetPartyId: organisation.partyId,
      details: { api_key_id: revoked.id, name: revoked.name },
    });
  });
}
