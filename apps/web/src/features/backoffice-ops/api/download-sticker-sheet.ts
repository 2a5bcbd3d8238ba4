import { API_BASE, fetchAuthenticatedFile } from '../../../lib/api-client.ts';

/** How long the PDF's object URL lives: long enough for the browser to save it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * GET /backoffice/sticker-batches/{batchId}/sheet — the batch's label sheet, saved as a PDF file. The
 * route wants the staff member's bearer token, which a plain link cannot send: the file is fetched
 * with it and saved from an object URL.
 */
export async function downloadStickerSheet(batchId: string, fileName: string): Promise<void> {
  await saveAuthenticatedFile(
    `${API_BASE}/backoffice/sticker-batches/${encodeURIComponent(batchId)}/sheet`,
    fileName,
  );
}

/** Fetches a file with the staff member's bearer token and saves it under `fileName` (a sheet, a report). */
export async function saveAuthenticatedFile(url: string, fileName: string): Promise<void> {
  const blob = await fetchAuthenticatedFile(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
}
