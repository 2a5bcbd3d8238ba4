import {
  type BikeDocument,
  type BikePicture,
  DOCUMENT_MAX_BYTES,
  type DocumentKind,
  MAX_FILES_PER_BIKE,
  PICTURE_CONTENT_TYPES,
  PICTURE_MAX_BYTES,
  type PictureKind,
} from '@nbr/domain/bikes';
import type { Executor } from '../../db/client.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { StoredFile } from '../../platform/storage/file-storage.ts';
import {
  ImageUnreadableError,
  isPdf,
  MAX_INPUT_PIXELS,
  processImage,
  sniffImage,
} from '../../platform/storage/images.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import { requireManageableBike } from './bike-access.ts';
import { presentDocument, presentPicture } from './bike-files.presenter.ts';
import * as repository from './bike-files.repository.ts';
import type { BikesDeps } from './bikes.deps.ts';
import type { BikeActor } from './bikes.policy.ts';

/*
 * Pictures and documents of bikes: listing (for the bike presenter), upload, serving and deletion.
 * Uploaded images are re-encoded without metadata (platform/storage/images.ts) before anything is
 * stored; the CPU work happens before the transaction, which only writes rows. Objects in storage
 * are written before their row and removed after it, so a row never points at nothing; a failure
 * between the two leaves at most an orphaned object, never a broken picture.
 */

export interface BikeFilesDeps extends Pick<BikesDeps, 'db' | 'storage' | 'fileUrls'> {
  /** Where failures of best-effort clean-up are reported. */
  log?: { warn(details: object, message: string): void };
}

export interface FilesOfBike {
  /** The bike's own pictures (equipment pictures are listed with their item). */
  pictures: BikePicture[];
  documents: BikeDocument[];
  /** Pictures and documents of each item of equipment, by equipment id. */
  equipment: Map<string, { pictures: BikePicture[]; documents: BikeDocument[] }>;
  /** The public picture, else null. */
  publicPicture: BikePicture | null;
}

/**
 * The files of each bike as the audience may see them: the owner (and staff reading the owner's
 * view) see the files the owner uploaded and the public picture — never an earlier owner's (a file
 * belongs to its uploader, repository.isOwnersFile); anyone else only the public picture. Signed
 * addresses are handed out only here, so what an audience is not given here it cannot fetch
 * (GET /api/files checks the signature, nothing else).
 */
export async function listFilesOfBikes(
  executor: Executor,
  urls: FileUrlSigner,
  bikeIds: readonly string[],
  audience: 'owner' | 'public',
): Promise<Map<string, FilesOfBike>> {
  const byBike = new Map<string, FilesOfBike>();
  for (const bikeId of bikeIds) {
    byBike.set(bikeId, { pictures: [], documents: [], equipment: new Map(), publicPicture: null });
  }
  const rows =
    audience === 'owner'
      ? await repository.findOwnersFilesOfBikes(executor, bikeIds)
      : await repository.findFilesOfBikes(executor, bikeIds);
  for (const row of rows) {
    const files = byBike.get(row.bikeId);
    if (!files) continue;
    if (audience === 'public' && !(row.fileClass === 'picture' && row.kind === 'public' && !row.equipmentId))
      continue;
    const target = row.equipmentId
      ? (files.equipment.get(row.equipmentId) ??
        files.equipment.set(row.equipmentId, { pictures: [], documents: [] }).get(row.equipmentId))
      : files;
    if (!target) continue;
    if (row.fileClass === 'picture') {
      const picture = presentPicture(row, urls);
      target.pictures.push(picture);
      if (!row.equipmentId && row.kind === 'public') files.publicPicture = picture;
    } else {
      target.documents.push(presentDocument(row, urls));
    }
  }
  return byBike;
}

/** Storage keys of every file of a bike, to remove from storage once its rows are deleted. */
export async function storageKeysOfBike(executor: Executor, bikeId: string): Promise<string[]> {
  const rows = await repository.findFilesOfBikes(executor, [bikeId]);
  return keysOf(rows);
}

function keysOf(rows: readonly repository.BikeFileRow[]): string[] {
  return rows.flatMap((row) => (row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey]));
}

/** Checked before the upload is read, so a stranger's 15 MB are not received for nothing. */
export async function assertCanManageFiles(deps: BikeFilesDeps, actor: BikeActor, bikeId: string) {
  await requireManageableBike(deps.db, actor, bikeId);
}

export interface UploadedFile {
  bytes: Buffer;
  /** The name the client gave (documents keep it, sanitised, for display). */
  fileName: string;
}

/** A file ready to store: its objects and the row describing them. */
interface PreparedFile {
  objects: Array<{ key: string; body: Buffer; contentType: string }>;
  row: {
    storageKey: string;
    thumbnailKey: string | null;
    contentType: string;
    size: number;
    width: number | null;
    height: number | null;
  };
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('file_too_large', { maximum: String(Math.floor(maxBytes / (1024 * 1024))) });
}

async function prepareImage(
  bikeId: string,
  fileId: string,
  bytes: Buffer,
  allowed: readonly string[],
): Promise<PreparedFile> {
  const sniffed = await sniffImage(bytes);
  if (sniffed.kind !== 'image' || !allowed.includes(sniffed.contentType)) {
    throw new AppError('unsupported_file_type');
  }
  if (sniffed.width * sniffed.height > MAX_INPUT_PIXELS) throw new AppError('image_unreadable');
  let processed: Awaited<ReturnType<typeof processImage>>;
  try {
    processed = await processImage(bytes);
  } catch (error) {
    if (error instanceof ImageUnreadableError) throw new AppError('image_unreadable');
    throw error;
  }
  const storageKey = `bikes/${bikeId}/${fileId}.webp`;
  const thumbnailKey = `bikes/${bikeId}/${fileId}-thumb.webp`;
  return {
    objects: [
      { key: storageKey, body: processed.image, contentType: 'image/webp' },
      { key: thumbnailKey, body: processed.thumbnail, contentType: 'image/webp' },
    ],
    row: {
      storageKey,
      thumbnailKey,
      contentType: 'image/webp',
      size: processed.image.length,
      width: processed.width,
      height: processed.height,
    },
  };
}

function preparePdf(bikeId: string, fileId: string, bytes: Buffer): PreparedFile {
  const storageKey = `bikes/${bikeId}/${fileId}.pdf`;
  return {
    objects: [{ key: storageKey, body: bytes, contentType: 'application/pdf' }],
    row: {
      storageKey,
      thumbnailKey: null,
      contentType: 'application/pdf',
      size: bytes.length,
      width: null,
      height: null,
    },
  };
}

const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Cf}<>:"/\\|?*]+/gu;
const MAX_NAME_LENGTH = 120;

/**
 * A file name safe to show and to offer as a download name: no path, no control or bidi
 * characters, nothing a file system refuses, at most 120 characters; the extension follows what
 * is stored (an image becomes `.webp`).
 */
export function sanitiseFileName(name: string, extension: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  let stem = base
    .normalize('NFC')
    .replace(UNSAFE_NAME_CHARACTERS, '_')
    .replace(/\.[^.]*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (stem === '' || /^_+$/.test(stem)) stem = fallback;
  const limit = MAX_NAME_LENGTH - extension.length - 1;
  return `${Array.from(stem).slice(0, limit).join('')}.${extension}`;
}

/** The file row values without the parts every upload shares. */
type NewFile = Omit<repository.BikeFileValues, 'id' | 'bikeId' | 'uploadedByPartyId' | 'createdAt'>;

/**
 * Stores the prepared objects, then writes the row in a short transaction that re-checks what may
 * have changed meanwhile (ownership, the number of files). A failed store or transaction removes
 * the objects. `replacesPublic`: the bike's current public picture gives way to this one.
 */
async function store(
  deps: BikeFilesDeps,
  actor: BikeActor,
  bikeId: string,
  fileId: string,
  prepared: PreparedFile,
  file: NewFile,
  replacesPublic: boolean,
): Promise<repository.BikeFileRow> {
  const puts = await Promise.allSettled(
    prepared.objects.map((object) => deps.storage.put(object.key, object.body, object.contentType)),
  );
  const failedPut = puts.find((put) => put.status === 'rejected');
  if (failedPut) {
    // A picture is two objects: when one could not be stored (a full disk), the other goes too.
    await removeObjects(
      deps,
      prepared.objects.map((object) => object.key),
    );
    throw failedPut.reason;
  }
  let replaced: repository.BikeFileRow[] = [];
  let row: repository.BikeFileRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const bike = await requireManageableBike(tx, actor, bikeId, 'update');
      // The item may have been deleted while the picture was re-encoded; the bike lock (held by an
      // item's deletion too) keeps it from going now.
      if (file.equipmentId && !(await repository.equipmentBelongsToBike(tx, bikeId, file.equipmentId))) {
        throw new ValidationError([{ loc: ['body', 'equipment_id'], type: 'invalid_value' }]);
      }
      replaced = replacesPublic ? await repository.findPublicPictures(tx, bikeId) : [];
      const files = (await repository.countFilesOfBike(tx, bikeId, bike.ownerPartyId)) - replaced.length;
      if (files >= MAX_FILES_PER_BIKE) throw new AppError('too_many_files');
      await repository.deleteFiles(
        tx,
        replaced.map((old) => old.id),
      );
      return repository.insertFile(tx, {
        ...file,
        id: fileId,
        bikeId,
        uploadedByPartyId: actor.partyId as string,
      });
    });
  } catch (error) {
    await removeObjects(
      deps,
      prepared.objects.map((object) => object.key),
    );
    throw error;
  }
  await removeObjects(deps, keysOf(replaced));
  return row;
}

/** Best effort: a leftover object costs disk space, never correctness (no row points at it). */
async function removeObjects(deps: BikeFilesDeps, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await deps.storage.delete(keys);
  } catch (error) {
    deps.log?.warn({ err: error, keys }, 'could not delete stored files');
  }
}

/** Refuses early (before any CPU work) when the bike is already full. */
async function assertRoom(
  deps: BikeFilesDeps,
  bike: { bikeId: string; ownerPartyId: string },
  replacesPublic: boolean,
): Promise<void> {
  const { bikeId, ownerPartyId } = bike;
  const replaced = replacesPublic ? (await repository.findPublicPictures(deps.db, bikeId)).length : 0;
  if ((await repository.countFilesOfBike(deps.db, bikeId, ownerPartyId)) - replaced >= MAX_FILES_PER_BIKE) {
    throw new AppError('too_many_files');
  }
}

async function assertEquipment(deps: BikeFilesDeps, bikeId: string, equipmentId: string | null) {
  if (equipmentId && !(await repository.equipmentBelongsToBike(deps.db, bikeId, equipmentId))) {
    throw new ValidationError([{ loc: ['body', 'equipment_id'], type: 'invalid_value' }]);
  }
}

export interface PictureUpload {
  kind: PictureKind;
  /** A picture of one item of equipment (a lock's proof picture); null for the bike's own. */
  equipmentId: string | null;
  file: UploadedFile;
}

/**
 * Adds a picture (SPEC §3 Bike pictures). A new `public` picture replaces the bike's current one;
 * equipment pictures are never public (only the bike's public picture is shown to strangers).
 */
export async function uploadPicture(
  deps: BikeFilesDeps,
  actor: BikeActor,
  bikeId: string,
  input: PictureUpload,
): Promise<BikePicture> {
  const { ownerPartyId } = await requireManageableBike(deps.db, actor, bikeId);
  if (input.equipmentId && input.kind === 'public') {
    throw new ValidationError([{ loc: ['body', 'kind'], type: 'invalid_value' }]);
  }
  if (input.file.bytes.length === 0) throw new ValidationError([{ loc: ['body', 'file'], type: 'required' }]);
  if (input.file.bytes.length > PICTURE_MAX_BYTES) throw tooLarge(PICTURE_MAX_BYTES);
  await assertEquipment(deps, bikeId, input.equipmentId);
  const replacesPublic = input.kind === 'public' && !input.equipmentId;
  await assertRoom(deps, { bikeId, ownerPartyId }, replacesPublic);

  const fileId = uuidv7();
  const prepared = await prepareImage(bikeId, fileId, input.file.bytes, PICTURE_CONTENT_TYPES);
  const row = await store(
    deps,
    actor,
    bikeId,
    fileId,
    prepared,
    {
      ...prepared.row,
      equipmentId: input.equipmentId,
      fileClass: 'picture',
      kind: input.kind,
      fileName: `${input.kind}.webp`,
    },
    replacesPublic,
  );
  return presentPicture(row, deps.fileUrls);
}

export interface DocumentUpload {
  kind: DocumentKind;
  equipmentId: string | null;
  file: UploadedFile;
}

/** Adds a document: a picture (re-encoded like every picture) or a PDF (stored as sent). */
export async function uploadDocument(
  deps: BikeFilesDeps,
  actor: BikeActor,
  bikeId: string,
  input: DocumentUpload,
): Promise<BikeDocument> {
  const { ownerPartyId } = await requireManageableBike(deps.db, actor, bikeId);
  const { bytes } = input.file;
  if (bytes.length === 0) throw new ValidationError([{ loc: ['body', 'file'], type: 'required' }]);
  if (bytes.length > DOCUMENT_MAX_BYTES) throw tooLarge(DOCUMENT_MAX_BYTES);
  await assertEquipment(deps, bikeId, input.equipmentId);
  await assertRoom(deps, { bikeId, ownerPartyId }, false);

  const fileId = uuidv7();
  const pdf = isPdf(bytes);
  const prepared = pdf
    ? preparePdf(bikeId, fileId, bytes)
    : await prepareImage(bikeId, fileId, bytes, PICTURE_CONTENT_TYPES);
  const row = await store(
    deps,
    actor,
    bikeId,
    fileId,
    prepared,
    {
      ...prepared.row,
      equipmentId: input.equipmentId,
      fileClass: 'document',
      kind: input.kind,
      fileName: sanitiseFileName(input.file.fileName, pdf ? 'pdf' : 'webp', input.kind),
    },
    false,
  );
  return presentDocument(row, deps.fileUrls);
}

/** Deletes one picture or document of a bike the owner has: the row first, then its objects. */
export async function deleteFile(
  deps: BikeFilesDeps,
  actor: BikeActor,
  bikeId: string,
  fileId: string,
  fileClass: repository.FileClass,
): Promise<void> {
  const { ownerPartyId } = await requireManageableBike(deps.db, actor, bikeId);
  const row = await repository.findFileOfBike(deps.db, bikeId, ownerPartyId, fileId, fileClass);
  if (!row) throw new AppError('not_found');
  await repository.deleteFiles(deps.db, [row.id]);
  await removeObjects(deps, keysOf([row]));
}

export interface ServedFile {
  file: StoredFile;
  contentType: string;
  /** Documents are downloaded (attachment, under this name); pictures are shown inline. */
  download: string | null;
}

/**
 * The bytes behind a signed address. The caller has checked the signature: it is the access check,
 * because only listFilesOfBikes hands out signed addresses, and only to those entitled.
 */
export async function openFile(
  deps: BikeFilesDeps,
  fileId: string,
  variant: 'original' | 'thumbnail',
): Promise<ServedFile> {
  const row = await repository.findFile(deps.db, fileId);
  const key = variant === 'thumbnail' ? row?.thumbnailKey : row?.storageKey;
  if (!row || !key) throw new AppError('not_found');
  const file = await deps.storage.get(key);
  if (!file) throw new AppError('not_found');
  return {
    file,
    contentType: variant === 'thumbnail' ? 'image/webp' : row.contentType,
    download: row.fileClass === 'document' && variant === 'original' ? row.fileName : null,
  };
}
