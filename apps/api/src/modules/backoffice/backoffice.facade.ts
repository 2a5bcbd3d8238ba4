/*
 * What other layers may use of backoffice: the bikes imported for an address become the person's
 * once they prove it (use-cases/address-proven.ts).
 */
export { claimImportedBikes } from './bulk-import.service.ts';
