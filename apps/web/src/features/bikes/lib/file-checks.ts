import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  PICTURE_CONTENT_TYPES,
  PICTURE_MAX_BYTES,
} from '@nbr/domain/bikes';

/*
 * The API's upload limits checked before anything is sent, so a phone does not upload 20 MB only to
 * hear that it was too large. The API checks again (by the bytes, not by the name).
 */

export type FileProblem =
  | { code: 'file_too_large'; maximumMb: number }
  | { code: 'unsupported_file_type' }
  | { code: 'empty_file' };

/** Some systems give a file no content type: the name's extension decides then. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

export function contentTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase();
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? '';
}

function check(
  file: { name: string; type: string; size: number },
  types: readonly string[],
  maxBytes: number,
): FileProblem | null {
  if (file.size === 0) return { code: 'empty_file' };
  if (!types.includes(contentTypeOf(file))) return { code: 'unsupported_file_type' };
  if (file.size > maxBytes)
    return { code: 'file_too_large', maximumMb: Math.floor(maxBytes / (1024 * 1024)) };
  return null;
}

export function pictureProblem(file: { name: string; type: string; size: number }): FileProblem | null {
  return check(file, PICTURE_CONTENT_TYPES, PICTURE_MAX_BYTES);
}

export function documentProblem(file: { name: string; type: string; size: number }): FileProblem | null {
  return check(file, DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES);
}

/** The `accept` attribute for a file input of pictures or documents. */
export const PICTURE_ACCEPT = ['image/*'];
export const DOCUMENT_ACCEPT = ['image/*', 'application/pdf'];
