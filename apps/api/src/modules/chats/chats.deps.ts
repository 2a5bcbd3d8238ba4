import type { Database } from '../../db/client.ts';
import type { RealtimeHub } from '../../platform/realtime/hub.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';

/** What the chats context needs from the platform; app.ts builds it once. */
export interface ChatsDeps {
  db: Database;
  /** Live delivery to the participants' websockets (in-process, or Redis between instances). */
  hub: RealtimeHub;
  /** Signs the public picture of a chat's bike. */
  fileUrls: FileUrlSigner;
  /** Links in notification e-mails. */
  publicUrl: string;
}
