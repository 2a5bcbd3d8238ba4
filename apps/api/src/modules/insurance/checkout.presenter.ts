import type { HolderDetails } from '@nbr/domain/insurance-signup';
import type { FieldEncryption } from '../../platform/crypto/field-encryption.ts';
import type { HolderDetailsRow } from './checkout.repository.ts';

/** How the national id number is shown: masked (last 4 digits), or in clear on an audited reveal. */
export type Revealed = 'masked' | 'clear';

/**
 * The holder's checkout details. In clear only when asked and a key is given (the audited reveal);
 * otherwise the masked copy kept beside the sealed number, so the export needs no key.
 */
export function presentHolderDetails(
  row: HolderDetailsRow,
  encryption: FieldEncryption | null,
  shown: Revealed,
): HolderDetails {
  const clear = shown === 'clear' && row.nationalIdEncrypted !== null;
  return {
    policy_id: row.policyId,
    name: row.name,
    email: row.email,
    identitySocialNumber:
      clear && encryption && row.nationalIdEncrypted !== null
        ? encryption.decrypt(row.nationalIdEncrypted)
        : row.nationalIdMasked,
    national_id_revealed: clear,
    streetAddress: row.streetAddress,
    city: row.city,
    zipCode: row.zipCode,
    floor: row.floor,
    side: row.side,
    door: row.door,
    mobilePhone: row.mobilePhone,
    otherPhone: row.otherPhone,
    bankRegister: row.bankRegister,
    bankAccount: row.bankAccount,
    plate_order_id: row.plateOrderId,
    completed_at: row.completedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}
