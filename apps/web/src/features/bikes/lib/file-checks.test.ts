import { DOCUMENT_MAX_BYTES, PICTURE_MAX_BYTES } from '@nbr/domain/bikes';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, documentProblem, pictureProblem } from './file-checks.ts';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('upload checks before anything is sent', () => {
  it('accept pictures up to the limit and refuse larger ones, naming the limit in MB', () => {
    expect(pictureProblem(file('bike.jpg', 'image/jpeg', 2_000_000))).toBeNull();
    expect(pictureProblem(file('bike.jpg', 'image/jpeg', PICTURE_MAX_BYTES))).toBeNull();
    expect(pictureProblem(file('bike.jpg', 'image/jpeg', PICTURE_MAX_BYTES + 1))).toEqual({
      code: 'file_too_large',
      maximumMb: 15,
    });
  });

  it('refuse other types and empty files; a PDF is a document, not a picture', () => {
    expect(pictureProblem(file('notes.txt', 'text/plain', 10))?.code).toBe('unsupported_file_type');
    expect(pictureProblem(file('receipt.pdf', 'application/pdf', 10))?.code).toBe('unsupported_file_type');
    expect(documentProblem(file('receipt.pdf', 'application/pdf', 10))).toBeNull();
    expect(documentProblem(file('receipt.pdf', 'application/pdf', DOCUMENT_MAX_BYTES + 1))?.code).toBe(
      'file_too_large',
    );
    expect(pictureProblem(file('bike.png', 'image/png', 0))?.code).toBe('empty_file');
  });

  it('go by the name when the system gives no type, and refuse HEIC (it cannot be decoded)', () => {
    expect(contentTypeOf(file('IMG_0001.JPG', '', 1))).toBe('image/jpeg');
    expect(pictureProblem(file('IMG_0001.HEIC', '', 1000))).toEqual({ code: 'unsupported_file_type' });
    expect(pictureProblem(file('unknown', '', 1000))?.code).toBe('unsupported_file_type');
  });
});
