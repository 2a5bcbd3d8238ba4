import type { TransferRecipientForm } from '@nbr/domain/ownership';
import { DRAFT_PREFIX, readJson, writeJson } from '../../../lib/storage.ts';

/*
 * The recipient typed on choose-recipient, kept for the confirm step and for going back (per bike,
 * for this tab only: an address of someone else is not left in the browser longer than needed).
 */

const key = (bikeId: string) => `${DRAFT_PREFIX}transfer:${bikeId}`;

export function readTransferDraft(bikeId: string): TransferRecipientForm | null {
  const value = readJson<Partial<TransferRecipientForm>>(key(bikeId), 'session');
  if (!value || typeof value.recipient_email !== 'string') return null;
  return {
    recipient_email: value.recipient_email,
    recipient_email_confirmation:
      typeof value.recipient_email_confirmation === 'string' ? value.recipient_email_confirmation : '',
  };
}

export function writeTransferDraft(bikeId: string, draft: TransferRecipientForm | null): void {
  writeJson(key(bikeId), draft, 'session');
}
