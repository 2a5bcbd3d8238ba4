import { COVER_KINDS, type CoverKind, LOCK_APPROVAL_BY_REGION } from '@nbr/domain/insurance';
import type { InsurerProductUpdate } from '@nbr/domain/insurance-admin';
import type { InsuranceOffer } from '@nbr/domain/insurance-signup';
import { RegionSchema } from '@nbr/domain/locale';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import { insurerContext } from './insurer-admin.service.ts';
import * as repository from './products.repository.ts';
import { storeInsuranceProduct } from './products.service.ts';

/*
 * The insurer's covers in its admin (issue 16 §4): its staff and ours read them; the insurer's
 * admins (the organisation role) change a cover's terms, accepted locks, required uploads and
 * tariff. A change is a new version of the product (policies keep the one they were priced by),
 * audited with before and after.
 */

type ProductRow = NonNullable<Awaited<ReturnType<typeof repository.findActiveProduct>>>;

function present(row: ProductRow, insurer: { partyId: string; name: string }): InsuranceOffer {
  return {
    id: row.id,
    insurer: { party_id: insurer.partyId, name: insurer.name },
    region: RegionSchema.parse(row.region),
    cover_kind: row.coverKind as CoverKind,
    names: row.names,
    terms: row.terms,
    currency: row.currency as InsuranceOffer['currency'],
    tariff: row.tariff,
    accepted_locks: row.acceptedLocks,
    required_uploads: row.requiredUploads,
  };
}

/** GET /api/insurance/{insurer}/admin/products: the insurer's live covers (its staff and ours). */
export async function listInsurerProducts(
  deps: Pick<InsuranceDeps, 'db'>,
  auth: RequestAuth,
  insurerPartyId: string,
): Promise<InsuranceOffer[]> {
  const { insurer } = await insurerContext(deps.db, auth, insurerPartyId, 'read');
  const rows = await Promise.all(
    COVER_KINDS.map((kind) => repository.findActiveProduct(deps.db, insurer.partyId, kind)),
  );
  return rows.filter((row) => row !== null).map((row) => present(row, insurer));
}

/**
 * PUT /api/insurance/{insurer}/admin/products/{coverKind}: the insurer's admin changes a cover it
 * sells. 404 for anyone but the insurer's staff, or a cover it does not sell; 403 for its staff
 * who are not admins; 422 (nothing changed) for a lock approval of another region.
 */
export async function updateInsurerProduct(
  deps: Pick<InsuranceDeps, 'db'>,
  auth: RequestAuth,
  insurerPartyId: string,
  coverKind: string,
  input: InsurerProductUpdate,
): Promise<InsuranceOffer> {
  return deps.db.transaction(async (tx) => {
    const { insurer } = await insurerContext(tx, auth, insurerPartyId, 'act');
    if (!(await repository.isOrganisationAdmin(tx, insurer.partyId, auth.identityPartyId))) {
      throw new AppError('forbidden');
    }
    const current = (COVER_KINDS as readonly string[]).includes(coverKind)
      ? await repository.findActiveProduct(tx, insurer.partyId, coverKind)
      : null;
    if (!current) throw new AppError('not_found');
    const region = RegionSchema.parse(insurer.region);
    input.accepted_locks.forEach((lock, index) => {
      if (lock !== LOCK_APPROVAL_BY_REGION[region]) {
        throw new ValidationError([
          { loc: ['body', 'accepted_locks', index], type: 'lock_approval_not_accepted' },
        ]);
      }
    });
    const now = new Date();
    const id = await storeInsuranceProduct(
      tx,
      insurer.partyId,
      {
        cover_kind: current.coverKind as CoverKind,
        names: current.names,
        terms: input.terms,
        tariff: input.tariff,
        accepted_locks: input.accepted_locks,
        required_uploads: input.required_uploads,
      },
      now,
    );
    const stored = await repository.findProductById(tx, id);
    if (!stored) throw new AppError('not_found');
    const facts = (row: ProductRow) => ({
      product_id: row.id,
      terms: row.terms,
      tariff: row.tariff,
      accepted_locks: row.acceptedLocks,
      required_uploads: row.requiredUploads,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.product_changed',
      targetPartyId: null,
      details: {
        organisation_party_id: insurer.partyId,
        cover_kind: current.coverKind,
        before: facts(current),
        after: facts(stored),
      },
      now,
    });
    return present(stored, insurer);
  });
}
