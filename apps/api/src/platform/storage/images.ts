import { availableParallelism } from 'node:os';
import {
  PICTURE_CONTENT_TYPES,
  PICTURE_MAX_BYTES,
  PICTURE_MAX_SIDE,
  THUMBNAIL_SIZE,
} from '@nbr/domain/bikes';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors.ts';

/*
 * Uploaded pictures are never stored as sent: each is decoded, turned upright (autoOrient) and
 * re-encoded as WebP, which drops every piece of metadata (EXIF with GPS position, camera serial,
 * XMP, ICC is converted to sRGB). keepMetadata()/withMetadata() would carry GPS along: never use
 * them here. The type is decided from the bytes, never from the name or the client's content type.
 */

/** Decoding bombs (a tiny file that is 100k × 100k pixels) are refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 82;
const THUMBNAIL_QUALITY = 75;

export type SniffResult =
  /** A format we accept, as its content type. */
  | { kind: 'image'; contentType: string; width: number; height: number }
  /** An image sharp can read but we do not take (gif, svg, tiff, avif…). */
  | { kind: 'unsupported'; format: string }
  /** Not an image at all (or one sharp cannot even read the header of). */
  | { kind: 'unknown' };

function contentTypeOf(metadata: Metadata): string | null {
  switch (metadata.format) {
    case 'jpeg':
      return 'image/jpeg';
    case 'png':
      return 'image/png';
    case 'webp':
      return 'image/webp';
    case 'heif':
      // HEIC (HEVC in HEIF) cannot be decoded by the sharp build we ship; phones send JPEG when a
      // web page asks for image/* (iOS converts), so HEIC is refused as unsupported, not accepted and failed.
      return null;
    default:
      return null;
  }
}

/** What the bytes are, from their header only (no full decode). */
export async function sniffImage(bytes: Buffer): Promise<SniffResult> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { kind: 'unknown' };
  }
  const contentType = contentTypeOf(metadata);
  if (!contentType) return { kind: 'unsupported', format: metadata.format ?? 'unknown' };
  return { kind: 'image', contentType, width: metadata.width ?? 0, height: metadata.height ?? 0 };
}

export interface ProcessedImage {
  /** WebP, at most PICTURE_MAX_SIDE on its longest side, no metadata. */
  image: Buffer;
  width: number;
  height: number;
  /** WebP, at most THUMBNAIL_SIZE on its longest side. */
  thumbnail: Buffer;
}

/** Thrown when the bytes looked like an image but do not decode (truncated, corrupt, unsupported codec). */
export class ImageUnreadableError extends Error {
  constructor(cause: unknown) {
    super('image could not be decoded', { cause });
    this.name = 'ImageUnreadableError';
  }
}

/**
 * A decoded 50 MP picture holds about 150 MB: decoding as many at once as there are cores keeps a
 * burst of uploads from taking all memory, and libvips uses every core for each one anyway.
 */
const MAX_CONCURRENT_DECODES = Math.max(1, availableParallelism());
let decoding = 0;
const waiting: Array<() => void> = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/**
 * Re-encodes an uploaded image: upright, scaled down to fit PICTURE_MAX_SIDE (never up), WebP
 * without metadata, plus a thumbnail. CPU work on libvips' threads; call it outside transactions.
 */
export function processImage(bytes: Buffer): Promise<ProcessedImage> {
  return withDecodeSlot(() => reencode(bytes));
}

async function reencode(bytes: Buffer): Promise<ProcessedImage> {
  try {
    // failOn 'error': a truncated JPEG is refused instead of stored with a grey lower half.
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
    const [main, thumbnail] = await Promise.all([
      upright
        .clone()
        .resize({
          width: PICTURE_MAX_SIDE,
          height: PICTURE_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true }),
      upright
        .clone()
        .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: THUMBNAIL_QUALITY })
        .toBuffer(),
    ]);
    return { image: main.data, width: main.info.width, height: main.info.height, thumbnail };
  } catch (error) {
    throw new ImageUnreadableError(error);
  }
}

/**
 * An uploaded picture as the register keeps it (JPEG, PNG or WebP, at most PICTURE_MAX_BYTES, no
 * decoding bomb), re-encoded by processImage; otherwise the API's answer: file_too_large,
 * unsupported_file_type or image_unreadable.
 */
export async function acceptUploadedPicture(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > PICTURE_MAX_BYTES)
    throw new AppError('file_too_large', { maximum: String(PICTURE_MAX_BYTES / (1024 * 1024)) });
  const sniffed = await sniffImage(bytes);
  if (
    sniffed.kind !== 'image' ||
    !(PICTURE_CONTENT_TYPES as readonly string[]).includes(sniffed.contentType)
  ) {
    throw new AppError('unsupported_file_type');
  }
  if (sniffed.width * sniffed.height > MAX_INPUT_PIXELS) throw new AppError('image_unreadable');
  try {
    return await processImage(bytes);
  } catch (error) {
    if (error instanceof ImageUnreadableError) throw new AppError('image_unreadable');
    throw error;
  }
}

/** PDFs are stored as sent (no re-encoding), but only when they are PDFs. */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}
