import { type InsuranceProductInput, InsuranceProductInputSchema } from '@nbr/domain/insurance';
import { isRegion } from '@nbr/domain/locale-values';
import { currencyOfRegion } from '@nbr/domain/webshop';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import * as repository from './products.repository.ts';

/*
 * Insurers' products (issue 16 §1): what each insurer sells in its region, priced by a tariff that
 * is data. The insurer's admins edit them (issue 16 §4, insurer-products.service.ts); the demo seed
 * and the tests store them here.
 */

/**
 * Stores a product of an insurer in the insurer's region and currency; it replaces the insurer's
 * live product of the same cover kind (policies keep the product they were priced by).
 */
export async function storeInsuranceProduct(
  executor: Executor,
  insurerPartyId: string,
  input: InsuranceProductInput,
  now = new Date(),
): Promise<string> {
  const product = InsuranceProductInputSchema.parse(input);
  const insurer = await repository.findInsurer(executor, insurerPartyId);
  if (!insurer || !isRegion(insurer.region)) throw new AppError('not_found');
  await repository.deactivateProducts(executor, insurerPartyId, product.cover_kind, now);
  const id = uuidv7(now.getTime());
  await repository.insertProduct(executor, {
    id,
    insurerPartyId,
    region: insurer.region,
    currency: currencyOfRegion(insurer.region),
    coverKind: product.cover_kind,
    names: product.names,
    terms: product.terms,
    tariff: product.tariff,
    acceptedLocks: product.accepted_locks,
    requiredUploads: product.required_uploads,
    active: true,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** Whether the insurer has any product yet (the demo seed adds its products once). */
export async function hasProducts(executor: Executor, insurerPartyId: string): Promise<boolean> {
  return (
    (await repository.findActiveProduct(executor, insurerPartyId, 'bike_theft')) !== null ||
    (await repository.findActiveProduct(executor, insurerPartyId, 'contents_addon')) !== null
  );
}
