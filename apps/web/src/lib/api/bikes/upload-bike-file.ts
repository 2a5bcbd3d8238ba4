import {
  type BikeDocument,
  BikeDocumentSchema,
  type BikePicture,
  BikePictureSchema,
  type DocumentKind,
  type PictureKind,
} from '@nbr/domain/bikes';
import type { z } from 'zod';
import { API_BASE, ApiError, buildHeaders, toApiError } from '../../api-client.ts';
import { currentLocation } from '../../navigation.ts';
import { sendToLogin } from '../../redirect.ts';
import { sessionStore } from '../../session-store.ts';

/*
 * Uploading a bike's pictures and documents (POST /bikes/{bike_id}/pictures | documents): the bikes
 * feature's files, and the proof of possession of an insured bike (insurance), which links the
 * uploaded file to the insured bike.
 */

/**
 * A multipart upload (the JSON client cannot send files). The same headers and the same error
 * handling as every other call: an ApiError with the stable code, 401 invalid_token ends the session.
 * Also the photo of a bike the police or a municipality holds (finds, PUT).
 */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  schema: z.ZodType<T>,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const token = sessionStore.getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: buildHeaders({ token, hasBody: false }),
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({ status: 0, code: 'network_error' });
  }
  const text = await response.text();
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = text;
  }
  if (!response.ok) {
    const error = toApiError(response.status, payload);
    if (response.status === 401 && error.code === 'invalid_token' && token) {
      sessionStore.clear();
      sendToLogin('loggedIn', currentLocation(), 'session_ended');
    }
    throw error;
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError({ status: response.status, code: 'invalid_response' });
  return parsed.data;
}

const base = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}`;

export interface PictureUpload {
  kind: PictureKind;
  file: File;
  /** A lock proof picture belongs to one lock. */
  equipmentId?: string;
}

/** POST /bikes/{bike_id}/pictures — kind + file (+ equipment_id); a new public picture replaces the old. */
export function uploadPicture(
  bikeId: string,
  { kind, file, equipmentId }: PictureUpload,
): Promise<BikePicture> {
  const form = new FormData();
  form.append('kind', kind);
  if (equipmentId) form.append('equipment_id', equipmentId);
  form.append('file', file, file.name);
  return uploadForm(`${base(bikeId)}/pictures`, form, BikePictureSchema);
}

export interface DocumentUpload {
  kind: DocumentKind;
  file: File;
}

/** POST /bikes/{bike_id}/documents — kind + file (a picture or a PDF). */
export function uploadDocument(bikeId: string, { kind, file }: DocumentUpload): Promise<BikeDocument> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return uploadForm(`${base(bikeId)}/documents`, form, BikeDocumentSchema);
}
