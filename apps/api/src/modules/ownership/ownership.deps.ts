import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { ChatsDeps } from '../chats/chats.facade.ts';

/** What the ownership context needs from the platform; app.ts builds it once. */
export interface OwnershipDeps extends ChatsDeps {
  /** Private pictures of the old owner are removed from storage once a transfer has committed. */
  storage: FileStorage;
  /** Where failures of best-effort work after commit (storage clean-up, live delivery) are reported. */
  log?: { error(details: object, message: string): void };
}
