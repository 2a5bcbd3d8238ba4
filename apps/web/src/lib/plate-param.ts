import { stickerIdFromScan } from '@nbr/domain/plates';

/** The query parameter carrying a sticker code through sign-up, purchase and registration. */
export const PLATE_PARAM = 'plate';

/** A plate code from a query string, normalised the way a scan is; null when absent or unusable. */
export function plateFromSearch(params: URLSearchParams, name: string = PLATE_PARAM): string | null {
  const raw = params.get(name);
  if (!raw) return null;
  const code = stickerIdFromScan(raw);
  return code && !code.includes('/') ? code : null;
}
