import { type StickerLookup, stickerIdFromScan } from '@nbr/domain/plates';
import { paths } from '../../config/paths.ts';
import { PLATE_PARAM } from '../../lib/plate-param.ts';

/*
 * What scanning (or typing) a sticker leads to, as a pure rule so it is tested once and shared by
 * the sticker pages and /app/qr-id:
 * - unknown or withdrawn (void) → /sticker-id/no-registration
 * - on equipment, or an equipment sticker → an explanation on the sticker page
 * - registered on a bike → signed in: the bike's public page; a visitor: the public view right on
 *   the sticker page (a visitor cannot open /app); a private bike: only that it is registered
 * - free insurance plate → /sticker-id/insurance-plate (registered through the insurer)
 * - free bike sticker → signed in: /app/register-bike?plate=; a visitor: /signup/from-scan?plate=
 */

export type ScanOutcome =
  | { kind: 'redirect'; href: string }
  | { kind: 'bike'; bikeId: string }
  | { kind: 'private-bike' }
  | { kind: 'equipment' };

export interface ScanViewer {
  isLoggedIn: boolean;
}

/** The query parameter carrying an unknown code to /sticker-id/no-registration and the insurance page. */
export const CODE_PARAM = 'code';

export function scanOutcome(code: string, lookup: StickerLookup | null, viewer: ScanViewer): ScanOutcome {
  if (!lookup || lookup.status === 'void') {
    return { kind: 'redirect', href: paths.stickers.noRegistration.getHref({ [CODE_PARAM]: code }) };
  }
  const plate = lookup.sticker_id;
  if (lookup.on_equipment || lookup.kind === 'equipment') return { kind: 'equipment' };
  if (lookup.status === 'registered') {
    if (!lookup.bike_id) return { kind: 'private-bike' };
    if (viewer.isLoggedIn) {
      return { kind: 'redirect', href: paths.app.bikePublic.getHref({ bikeId: lookup.bike_id }) };
    }
    return { kind: 'bike', bikeId: lookup.bike_id };
  }
  if (lookup.kind === 'insurance') {
    return { kind: 'redirect', href: paths.stickers.insurancePlate.getHref({ [CODE_PARAM]: plate }) };
  }
  return {
    kind: 'redirect',
    href: viewer.isLoggedIn
      ? paths.app.registerBike.getHref({ [PLATE_PARAM]: plate })
      : paths.signupFromScan.start.getHref({ [PLATE_PARAM]: plate }),
  };
}

/**
 * The sticker page for a typed code or a pasted/scanned address (Digital Link, short form or bare
 * code), or null when the text is neither.
 */
export function stickerPageHref(text: string): string | null {
  const code = stickerIdFromScan(text);
  return code ? paths.stickers.sticker.getHref({ stickerId: code }) : null;
}
