import type { Database } from '../../db/client.ts';
import type { RealtimeHub } from '../../platform/realtime/hub.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';

/** What the support context needs from the platform; app.ts builds it once. */
export interface SupportDeps {
  db: Database;
  /** Live delivery to the person's and the staff's websockets; presence decides the answer mail. */
  hub: RealtimeHub;
  /** Signs the links mailed to visitors (the same HMAC secret as file addresses, a path of its own). */
  signer: FileUrlSigner;
  /** Links in mails. */
  publicUrl: string;
}
