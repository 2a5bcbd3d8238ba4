import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer } from './identity-helpers.ts';

/*
 * Proof of possession of insured bikes for API tests (issue 16 §2): a holder uploads a phone photo
 * through the bike's own file call, as the web app does, and links it to the insured bike.
 */

/** A phone photo: JPEG with the camera and the place it was taken (GPS) in its EXIF. */
export async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 9000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 40/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '12/1 34/1 56/1',
      },
    })
    .toBuffer();
}

/** POST /api/bikes/{bikeId}/pictures with a phone photo of `kind`; answers the picture id. */
export async function uploadBikePicture(
  app: FastifyInstance,
  token: string,
  bikeId: string,
  kind: string,
): Promise<string> {
  const boundary = `----nbr${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG_0001.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    await phonePhoto(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: `/api/bikes/${bikeId}/pictures`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
  });
  if (response.statusCode !== 201)
    throw new Error(`uploading a picture answered ${response.statusCode}: ${response.body}`);
  return response.json<{ picture_id: string }>().picture_id;
}

/** Uploads a picture of the kind the web app uses and links it to the insured item; answers the response. */
export async function linkUpload(
  app: FastifyInstance,
  token: string,
  itemId: string,
  fileId: string,
  kind: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/insurance/insured-items/${itemId}/possession/uploads/`,
    headers: bearer(token),
    payload: { kind, file_id: fileId },
  });
}
