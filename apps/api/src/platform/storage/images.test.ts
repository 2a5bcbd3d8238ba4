import { PICTURE_MAX_SIDE, THUMBNAIL_SIZE } from '@nbr/domain/bikes';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageUnreadableError, isPdf, processImage, sniffImage } from './images.ts';

/** A photo as a phone makes it: JPEG with camera make, and where it was taken (GPS). */
async function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
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

/** Random pixels compress badly, so the scan data is long and can be cut off mid-image. */
async function noiseJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

describe('sniffImage', () => {
  it('tells the type from the bytes', async () => {
    const base = sharp({ create: { width: 8, height: 6, channels: 3, background: '#000' } });
    expect(await sniffImage(await base.clone().jpeg().toBuffer())).toEqual({
      kind: 'image',
      contentType: 'image/jpeg',
      width: 8,
      height: 6,
    });
    expect(await sniffImage(await base.clone().png().toBuffer())).toMatchObject({ contentType: 'image/png' });
    expect(await sniffImage(await base.clone().webp().toBuffer())).toMatchObject({
      contentType: 'image/webp',
    });
  });

  it('refuses what sharp can read but we do not take, and what is no image at all', async () => {
    const base = sharp({ create: { width: 8, height: 6, channels: 3, background: '#000' } });
    expect(await sniffImage(await base.clone().gif().toBuffer())).toEqual({
      kind: 'unsupported',
      format: 'gif',
    });
    expect(await sniffImage(await base.clone().avif().toBuffer())).toMatchObject({ kind: 'unsupported' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script/></svg>');
    expect(await sniffImage(svg)).toEqual({ kind: 'unsupported', format: 'svg' });
    expect(await sniffImage(Buffer.from('not a picture at all, just text'))).toEqual({ kind: 'unknown' });
    expect(await sniffImage(Buffer.alloc(0))).toEqual({ kind: 'unknown' });
  });
});

describe('processImage', () => {
  it('drops every piece of metadata: no EXIF, no GPS, no camera', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('SecretCam');

    const processed = await processImage(original);
    for (const output of [processed.image, processed.thumbnail]) {
      const metadata = await sharp(output).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(output.toString('latin1')).not.toContain('SecretCam');
    }
  });

  it('turns the picture upright as the camera meant it', async () => {
    // 64×48 stored, with orientation 6 (rotate 90° to view): upright it is 48×64.
    const sideways = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const processed = await processImage(sideways);
    expect([processed.width, processed.height]).toEqual([48, 64]);
    const metadata = await sharp(processed.image).metadata();
    expect([metadata.width, metadata.height]).toEqual([48, 64]);
    expect(metadata.orientation).toBeUndefined();
  });

  it('scales large pictures down to fit, never small ones up, and makes a thumbnail', async () => {
    const large = await sharp({
      create: { width: PICTURE_MAX_SIDE * 2, height: PICTURE_MAX_SIDE, channels: 3, background: '#33c' },
    })
      .png()
      .toBuffer();
    const processed = await processImage(large);
    expect([processed.width, processed.height]).toEqual([PICTURE_MAX_SIDE, PICTURE_MAX_SIDE / 2]);
    const thumbnail = await sharp(processed.thumbnail).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([THUMBNAIL_SIZE, THUMBNAIL_SIZE / 2]);

    const small = await processImage(await jpegWithGps(40, 30));
    expect([small.width, small.height]).toEqual([40, 30]);
    const smallThumbnail = await sharp(small.thumbnail).metadata();
    expect([smallThumbnail.width, smallThumbnail.height]).toEqual([40, 30]);
  });

  it('refuses a picture cut off in the middle instead of storing half of it', async () => {
    const whole = await noiseJpeg(400, 300);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    expect(await sniffImage(cut)).toMatchObject({ kind: 'image', contentType: 'image/jpeg' });
    await expect(processImage(cut)).rejects.toBeInstanceOf(ImageUnreadableError);
  });
});

describe('processImage under load', () => {
  it('re-encodes many pictures sent at once, each correctly', async () => {
    const sizes = Array.from({ length: 12 }, (_, index) => [40 + index, 30 + index] as const);
    const inputs = await Promise.all(sizes.map(([width, height]) => jpegWithGps(width, height)));
    const outputs = await Promise.all(inputs.map((input) => processImage(input)));
    expect(outputs.map((output) => [output.width, output.height])).toEqual(sizes.map((size) => [...size]));
  });
});

describe('isPdf', () => {
  it('looks at the magic bytes, not the name', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBe(true);
    expect(isPdf(Buffer.from('<html>%PDF-1.7</html>'))).toBe(false);
    expect(isPdf(Buffer.from('%PD'))).toBe(false);
  });
});
