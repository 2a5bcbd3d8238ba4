/*
 * What other layers may use of backoffice: the bikes imported for an address become the person's
 * once they prove it (use-cases/address-proven.ts); what it holds about a person, for their export and
 * the deletion of their account.
 */

export { bulkImportPersonalData, forgetImportedRowsOf } from './bulk-import.personal-data.ts';
export { claimImportedBikes } from './bulk-import.service.ts';
