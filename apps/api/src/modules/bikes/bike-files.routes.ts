import multipart from '@fastify/multipart';
import {
  BikeDocumentSchema,
  BikePictureSchema,
  DOCUMENT_MAX_BYTES,
  DocumentKindSchema,
  PICTURE_MAX_BYTES,
  PictureKindSchema,
} from '@nbr/domain/bikes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, type FieldIssue, ValidationError } from '../../platform/errors.ts';
import { fileAnswer, NO_CONTENT } from '../../platform/http/openapi.ts';
import { isUuid } from '../../platform/ids.ts';
import { filePath } from './bike-files.presenter.ts';
import * as service from './bike-files.service.ts';
import type { BikeActor } from './bikes.policy.ts';

export interface BikeFilesRoutesOptions {
  deps: service.BikeFilesDeps;
}

const TAGS = ['bikes'];

/** Ids in paths: anything else is simply not found (never a database error about a bad UUID). */
const id = z.string().max(64);
const BikeFileParamsSchema = z.object({ bike_id: id });
const PictureParamsSchema = z.object({ bike_id: id, picture_id: id });
const DocumentParamsSchema = z.object({ bike_id: id, document_id: id });
const FileParamsSchema = z.object({ file_id: id, variant: z.enum(['original', 'thumbnail']) });
const SignedQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});

function requireIds(...values: string[]): void {
  if (!values.every((value) => isUuid(value))) throw new AppError('not_found');
}

function actorOf(auth: RequestAuth): BikeActor {
  return { partyId: auth.partyId, staffRole: auth.staffRole };
}

interface Upload {
  fields: Map<string, string>;
  file: service.UploadedFile | null;
}

const UPLOAD_FIELDS = new Set(['kind', 'equipment_id']);

/**
 * Reads a multipart upload: the fields `kind` and `equipment_id`, and one file in `file`, at most
 * `maxBytes` long (413 file_too_large as soon as it is exceeded, without buffering more).
 */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new ValidationError([{ loc: ['body', 'file'], type: 'required' }]);
  }
  const fields = new Map<string, string>();
  let file: service.UploadedFile | null = null;
  const issues: FieldIssue[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 200, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          issues.push({ loc: ['body', part.fieldname], type: 'unrecognized_key' });
          continue;
        }
        file = { bytes: await part.toBuffer(), fileName: part.filename ?? '' };
      } else if (UPLOAD_FIELDS.has(part.fieldname)) {
        fields.set(part.fieldname, String(part.value ?? ''));
      } else {
        issues.push({ loc: ['body', part.fieldname], type: 'unrecognized_key' });
      }
    }
  } catch (error) {
    throw uploadError(error, maxBytes);
  }
  if (!file) issues.push({ loc: ['body', 'file'], type: 'required' });
  if (issues.length > 0) throw new ValidationError(issues);
  return { fields, file };
}

/** The multipart parser's limits, as the API's own answers. */
function uploadError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('file_too_large', { maximum: String(Math.floor(maxBytes / (1024 * 1024))) });
    case 'FST_FILES_LIMIT':
      return new ValidationError([{ loc: ['body', 'file'], type: 'invalid_value' }]);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new ValidationError([{ loc: ['body'], type: 'invalid_value' }]);
    default:
      // A malformed multipart body (busboy's errors carry no status): the client's fault.
      if (error instanceof AppError || (error as { statusCode?: number }).statusCode) return error;
      return new AppError('bad_request');
  }
}

/** `kind` (one of `schema`) and an optional `equipment_id`, with 422 answers per field. */
function parseFields<T extends string>(
  fields: Map<string, string>,
  schema: z.ZodType<T>,
): { kind: T; equipmentId: string | null } {
  const issues: FieldIssue[] = [];
  const rawKind = fields.get('kind');
  const kind = schema.safeParse(rawKind);
  if (!kind.success) issues.push({ loc: ['body', 'kind'], type: rawKind ? 'invalid_value' : 'required' });
  const equipmentId = fields.get('equipment_id')?.trim() || null;
  if (equipmentId && !isUuid(equipmentId))
    issues.push({ loc: ['body', 'equipment_id'], type: 'invalid_value' });
  if (!kind.success || issues.length > 0) throw new ValidationError(issues);
  return { kind: kind.data, equipmentId };
}

/**
 * RFC 6266: an ASCII fallback and the exact UTF-8 name. RFC 8187 allows fewer characters unescaped
 * than encodeURIComponent leaves (not ' ( ) *), so those are escaped too.
 */
function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const UPLOAD_DESCRIPTION =
  'multipart/form-data with the field `kind`, optionally `equipment_id` (an item of this bike), and one file in `file`. ' +
  'The type is decided from the bytes: 415 unsupported_file_type otherwise; 413 file_too_large; 409 too_many_files ' +
  '(MAX_FILES_PER_BIKE); 422 image_unreadable. Pictures are re-encoded as WebP without any metadata (EXIF, GPS).';

/**
 * Pictures and documents of a bike: upload and delete (the owner only; 404 for anyone who may not
 * see the bike as its owner), and the signed, expiring addresses every file is served at.
 */
export const bikeFilesRoutes: FastifyPluginAsyncZod<BikeFilesRoutesOptions> = async (app, options) => {
  const { deps } = options;
  // Encapsulated here: only these routes accept multipart bodies. The limits per request are below.
  await app.register(multipart, { limits: { files: 1, fields: 4, parts: 6, headerPairs: 50 } });

  app.post(
    '/bikes/:bike_id/pictures',
    {
      schema: {
        tags: TAGS,
        summary:
          'Upload a picture (frame number, plate, public, receipt, lock proof, private); a new public picture replaces the old',
        description: UPLOAD_DESCRIPTION,
        consumes: ['multipart/form-data'],
        params: BikeFileParamsSchema,
        response: { 201: BikePictureSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      const actor = actorOf(requireAuth(request));
      const bikeId = request.params.bike_id;
      requireIds(bikeId);
      await service.assertCanManageFiles(deps, actor, bikeId);
      const upload = await readUpload(request, PICTURE_MAX_BYTES);
      const { kind, equipmentId } = parseFields(upload.fields, PictureKindSchema);
      const picture = await service.uploadPicture(deps, actor, bikeId, {
        kind,
        equipmentId,
        file: upload.file as service.UploadedFile,
      });
      return reply.code(201).send(picture);
    },
  );

  app.post(
    '/bikes/:bike_id/documents',
    {
      schema: {
        tags: TAGS,
        summary: 'Upload a document (receipt, form, lock certificate, other): a picture or a PDF',
        description: `${UPLOAD_DESCRIPTION} PDFs are stored as sent; the file name is kept (sanitised) for display.`,
        consumes: ['multipart/form-data'],
        params: BikeFileParamsSchema,
        response: { 201: BikeDocumentSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      const actor = actorOf(requireAuth(request));
      const bikeId = request.params.bike_id;
      requireIds(bikeId);
      await service.assertCanManageFiles(deps, actor, bikeId);
      const upload = await readUpload(request, DOCUMENT_MAX_BYTES);
      const { kind, equipmentId } = parseFields(upload.fields, DocumentKindSchema);
      const document = await service.uploadDocument(deps, actor, bikeId, {
        kind,
        equipmentId,
        file: upload.file as service.UploadedFile,
      });
      return reply.code(201).send(document);
    },
  );

  app.delete(
    '/bikes/:bike_id/pictures/:picture_id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a picture',
        params: PictureParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      const { bike_id: bikeId, picture_id: pictureId } = request.params;
      requireIds(bikeId, pictureId);
      await service.deleteFile(deps, actorOf(requireAuth(request)), bikeId, pictureId, 'picture');
      return reply.code(204).send();
    },
  );

  app.delete(
    '/bikes/:bike_id/documents/:document_id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a document',
        params: DocumentParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      const { bike_id: bikeId, document_id: documentId } = request.params;
      requireIds(bikeId, documentId);
      await service.deleteFile(deps, actorOf(requireAuth(request)), bikeId, documentId, 'document');
      return reply.code(204).send();
    },
  );

  app.get(
    '/files/:file_id/:variant',
    {
      schema: {
        tags: TAGS,
        summary:
          'A picture or document at its signed address (as found in bike answers); 403 when the signature is wrong or expired',
        params: FileParamsSchema,
        querystring: SignedQuerySchema,
        response: {
          200: fileAnswer(['image/webp', 'application/pdf'], 'The picture (WebP) or document (PDF)'),
        },
      },
      // The signature is the access check: addresses are only handed out to those entitled.
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { file_id: fileId, variant } = request.params;
      const { expires, signature } = request.query;
      if (!deps.fileUrls.verify(filePath(fileId, variant), expires, signature))
        throw new AppError('forbidden');
      requireIds(fileId);
      const served = await service.openFile(deps, fileId, variant);
      const maxAge = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
      reply
        .header('content-type', served.contentType)
        .header('content-length', String(served.file.size))
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        // Whatever a file holds, it runs nothing: no scripts, no plugins, its own origin.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('content-disposition', served.download ? contentDisposition(served.download) : 'inline');
      return reply.send(served.file.body);
    },
  );
};
