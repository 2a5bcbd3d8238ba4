import type { FastifyRequest } from 'fastify';
import { AppError, ValidationError } from '../errors.ts';

/**
 * The one file of a multipart upload in the field `file`, at most `maxBytes` long (413 file_too_large
 * as soon as it is exceeded; 422 when there is none). The route's plugin registers @fastify/multipart.
 */
export async function readSingleUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationError([{ loc: ['body', 'file'], type: 'required' }]);
  let bytes: Buffer | null = null;
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, parts: 1 } });
    if (part && part.fieldname === 'file') bytes = await part.toBuffer();
    else part?.file.resume();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('file_too_large', { maximum: String(maxBytes / (1024 * 1024)) });
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request');
  }
  if (!bytes || bytes.length === 0) throw new ValidationError([{ loc: ['body', 'file'], type: 'required' }]);
  return bytes;
}
