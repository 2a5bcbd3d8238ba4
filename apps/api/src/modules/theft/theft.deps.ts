import type { FieldEncryption } from '../../platform/crypto/field-encryption.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { ChatsDeps } from '../chats/chats.facade.ts';

/** What the theft context (reports, found, the public map, contact and pickups) needs; app.ts builds it once. */
export interface TheftDeps extends ChatsDeps {
  storage: FileStorage;
  /** Seals the national id number of a theft report. */
  encryption: FieldEncryption;
  /** MAP_STYLE_URL: a basemap with real tiles; null for the built-in offline one. */
  mapStyleUrl: string | null;
  /** Where failures of best-effort work after commit (live delivery, mails) are reported. */
  log?: { error(details: object, message: string): void };
}
