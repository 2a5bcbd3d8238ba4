import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /identities/me/export — everything the register holds about the user (GDPR Art. 15/20). */
export function exportMyData(): Promise<unknown> {
  return api.get<unknown>('/identities/me/export');
}

/** Offers the data as a file download, named so that several exports sort by date. */
export function saveAsJsonFile(data: unknown, date = new Date()): string {
  const fileName = `cykelregister-data-${date.toISOString().slice(0, 10)}.json`;
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoke later: some browsers start reading the blob only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

export function useExportMyData() {
  return useMutation({
    mutationFn: async () => saveAsJsonFile(await exportMyData()),
  });
}
