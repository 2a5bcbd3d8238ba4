import { type FlowImage, flowImagePath } from '@nbr/domain/flows';
import type { Database } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import type { FileStorage, StoredFile } from '../../platform/storage/file-storage.ts';
import { acceptUploadedPicture } from '../../platform/storage/images.ts';

/*
 * Images of flows' image blocks (issue 29 §2): staff upload them, visitors see them. Each is
 * re-encoded as the register keeps pictures (WebP, upright, no metadata) and stored under its own id,
 * never changed afterwards, so its address may be cached for good. Staff's content: no person's data.
 */

export interface FlowImagesDeps {
  db: Database;
  storage: FileStorage;
}

const storageKey = (fileId: string) => `flow-images/${fileId}.webp`;

/** POST /api/backoffice/flows/images: store an uploaded image for an image block (audited). */
export async function uploadFlowImage(
  deps: FlowImagesDeps,
  auth: RequestAuth,
  bytes: Buffer,
): Promise<FlowImage> {
  const { image } = await acceptUploadedPicture(bytes);
  const fileId = uuidv7();
  await deps.storage.put(storageKey(fileId), image, 'image/webp');
  await recordAuditEventBy(deps.db, auth, {
    action: 'flow.image_uploaded',
    targetPartyId: null,
    details: { file_id: fileId, bytes: image.length },
    now: new Date(),
  });
  return { file_id: fileId, url: flowImagePath(fileId) };
}

/** GET /api/flows/images/{file_id}: the image's bytes; not_found for an unknown id. */
export async function openFlowImage(deps: FlowImagesDeps, fileId: string): Promise<StoredFile> {
  if (!isUuid(fileId)) throw new AppError('not_found');
  const file = await deps.storage.get(storageKey(fileId));
  if (!file) throw new AppError('not_found');
  return file;
}
