import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  ImportJobListSchema,
  ImportJobParamsSchema,
  ImportJobSchema,
  ImportProblemsQuerySchema,
  ImportProblemsSchema,
  ImportUploadFieldsSchema,
} from '@nbr/domain/onboarding';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { AppError, type FieldIssue, ValidationError } from '../../platform/errors.ts';
import { fileAnswer } from '../../platform/http/openapi.ts';
import { sensitiveRateLimit } from '../../platform/http/rate-limit.ts';
import { recordsOfFile } from './bulk-import.reader.ts';
import * as service from './bulk-import.service.ts';

export interface BulkImportRoutesOptions {
  deps: service.BulkImportDeps;
}

const TAGS = ['backoffice'];

const UPLOAD_DESCRIPTION =
  'multipart/form-data: the fields `source_name` (whose register it is, named in the invitations) and `invite` ' +
  '(`true`/`false`, default true) first, then one file in `file`: CSV (UTF-8 or Windows-1252; comma, semicolon or ' +
  `tab separated) or XLSX (first sheet), the header in the first row, at most ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB ` +
  `and ${IMPORT_MAX_ROWS.toLocaleString('en')} rows. Columns (docs/bulk-onboarding.md): owner_email, owner_name, ` +
  'frame_number, plate_id, brand, model, colour, category, year, electric, registered_at, region. The answer is the ' +
  'dry run: every row checked with the import’s rules, each bad row listed with its reason; nothing is written to ' +
  'the register until the job is started.';

/** The fields before the file, then the file's records as they arrive; 413 past the limit. */
async function stageUpload(request: FastifyRequest, deps: service.BulkImportDeps, partyId: string) {
  if (!request.isMultipart()) throw new ValidationError([{ loc: ['body', 'file'], type: 'required' }]);
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 2, fieldSize: 200, parts: 3 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'source_name' && part.fieldname !== 'invite') {
          throw new ValidationError([{ loc: ['body', part.fieldname], type: 'unrecognized_key' }]);
        }
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file') {
        throw new ValidationError([{ loc: ['body', part.fieldname], type: 'unrecognized_key' }]);
      }
      const parsed = ImportUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        throw new ValidationError(
          parsed.error.issues.map(
            (issue): FieldIssue => ({ loc: ['body', ...issue.path.map(String)], type: issue.message }),
          ),
        );
      }
      return await service.stageImport(deps, partyId, {
        sourceName: parsed.data.source_name,
        invite: parsed.data.invite === 'true',
        fileName: part.filename ?? '',
        records: recordsOfFile(part.file),
      });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('file_too_large', { maximum: String(IMPORT_MAX_FILE_BYTES / 1024 / 1024) });
    }
    if (error instanceof AppError || error instanceof ValidationError) throw error;
    if (code?.startsWith('FST_')) throw new ValidationError([{ loc: ['body'], type: 'invalid_value' }]);
    throw error;
  }
  throw new ValidationError([{ loc: ['body', 'file'], type: 'required' }]);
}

/**
 * Bulk onboarding (issue 32 §5): backoffice admins upload a register (the answer is its dry run),
 * start or cancel it, follow its progress and download its report. Admins only: an import writes
 * thousands of bikes and mails thousands of people.
 */
export const bulkImportRoutes: FastifyPluginAsyncZod<BulkImportRoutesOptions> = async (app, options) => {
  const { deps } = options;
  await app.register(multipart, { limits: { files: 1, fields: 2, parts: 3, headerPairs: 50 } });

  app.post(
    '/backoffice/bulk-imports',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: upload a register (CSV or XLSX) and get its dry run',
        description: UPLOAD_DESCRIPTION,
        consumes: ['multipart/form-data'],
        response: { 201: ImportJobSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'staff_admin' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const job = await stageUpload(request, deps, auth.identityPartyId);
      await service.recordStaged(deps, auth, job);
      return reply.code(201).send(await service.getImport(deps, job.id));
    },
  );

  app.get(
    '/backoffice/bulk-imports',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: the newest 50 imports with their status and counts',
        response: { 200: ImportJobListSchema },
      },
      config: { access: 'staff_admin' },
    },
    async () => service.listImports(deps),
  );

  app.get(
    '/backoffice/bulk-imports/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: an import’s status, counts and progress (poll it while it runs)',
        params: ImportJobParamsSchema,
        response: { 200: ImportJobSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) => service.getImport(deps, request.params.id),
  );

  app.get(
    '/backoffice/bulk-imports/:id/problems',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff admins: the rows refused by the dry run or the import, with row number and reason (100 a page)',
        params: ImportJobParamsSchema,
        querystring: ImportProblemsQuerySchema,
        response: { 200: ImportProblemsSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) => service.listImportProblems(deps, request.params.id, request.query.page),
  );

  app.post(
    '/backoffice/bulk-imports/:id/start',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: import the valid rows of a dry run (a background job any instance runs)',
        params: ImportJobParamsSchema,
        response: { 200: ImportJobSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) => service.startImport(deps, requireAuth(request), request.params.id),
  );

  app.post(
    '/backoffice/bulk-imports/:id/cancel',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: drop a dry run without importing it',
        params: ImportJobParamsSchema,
        response: { 200: ImportJobSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) => service.cancelImport(deps, requireAuth(request), request.params.id),
  );

  app.get(
    '/backoffice/bulk-imports/:id/report',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff admins: the report, every row with its outcome and reason (CSV; no names or addresses)',
        params: ImportJobParamsSchema,
        response: { 200: fileAnswer(['text/csv; charset=utf-8'], 'The report (CSV)') },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) => {
      const job = await service.getImport(deps, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${job.id}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(service.importReport(deps, job.id)));
    },
  );
};
