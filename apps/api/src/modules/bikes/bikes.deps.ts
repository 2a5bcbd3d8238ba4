import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import type { IdentityDeps } from '../identity/identity.facade.ts';

/** What the bikes context needs from the platform; app.ts builds it once. */
export interface BikesDeps extends IdentityDeps {
  storage: FileStorage;
  fileUrls: FileUrlSigner;
  /** The GTIN-14 in sticker Digital Links (STICKER_GTIN). */
  stickerGtin: string;
}
