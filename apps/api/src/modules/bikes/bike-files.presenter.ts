import type { BikeDocument, BikePicture, DocumentKind, PictureKind } from '@nbr/domain/bikes';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import type { BikeFileRow } from './bike-files.repository.ts';

/** The address a stored file (or its thumbnail) is served at, before signing. */
export function filePath(fileId: string, variant: 'original' | 'thumbnail'): string {
  return `/api/files/${fileId}/${variant}`;
}

export function presentPicture(row: BikeFileRow, urls: FileUrlSigner): BikePicture {
  return {
    picture_id: row.id,
    kind: row.kind as PictureKind,
    url: urls.sign(filePath(row.id, 'original')),
    thumbnail_url: row.thumbnailKey ? urls.sign(filePath(row.id, 'thumbnail')) : null,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentDocument(row: BikeFileRow, urls: FileUrlSigner): BikeDocument {
  return {
    document_id: row.id,
    kind: row.kind as DocumentKind,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    url: urls.sign(filePath(row.id, 'original')),
    thumbnail_url: row.thumbnailKey ? urls.sign(filePath(row.id, 'thumbnail')) : null,
    created_at: row.createdAt.toISOString(),
  };
}
