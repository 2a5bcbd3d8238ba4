import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from '../../test/config-fixtures.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

const S3 = {
  FILE_STORAGE: 's3',
  S3_BUCKET: 'nbr-files',
  S3_REGION: 'eu-north-1',
};

describe('file storage settings', () => {
  it('keeps files on disk under DATA_DIR/files by default, in production on a single machine too', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/nbr' }).files.storage).toEqual({
      kind: 'disk',
      dir: path.join('/var/lib/nbr', 'files'),
    });
    const production = loadConfig({
      ...SINGLE_MACHINE_PRODUCTION,
      ...PRODUCTION_SECRETS,
      SMTP_URL: 'smtp://mail.example.org',
    });
    expect(production.files.storage.kind).toBe('disk');
  });

  it('reads every S3 setting', () => {
    expect(
      loadConfig({
        ...S3,
        S3_ENDPOINT: 'https://s3.example.org',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).files.storage,
    ).toEqual({
      kind: 's3',
      bucket: 'nbr-files',
      region: 'eu-north-1',
      endpoint: 'https://s3.example.org',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('uses AWS itself and its default credential chain (an IAM role) when those are unset', () => {
    expect(loadConfig(S3).files.storage).toEqual({
      kind: 's3',
      bucket: 'nbr-files',
      region: 'eu-north-1',
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('selects S3 when a bucket is named and FILE_STORAGE is unset', () => {
    expect(loadConfig({ S3_BUCKET: 'nbr-files', S3_REGION: 'auto' }).files.storage.kind).toBe('s3');
  });

  it('names every missing or contradictory setting', () => {
    const names = (env: Record<string, string>) => problemsOf(env).map((problem) => problem.split(':')[0]);
    expect(names({ FILE_STORAGE: 's3' }).sort()).toEqual(['S3_BUCKET', 'S3_REGION']);
    expect(names({ ...S3, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toEqual(['S3_SECRET_ACCESS_KEY']);
    expect(names({ ...S3, S3_SECRET_ACCESS_KEY: 'secret' })).toEqual(['S3_ACCESS_KEY_ID']);
    expect(names({ FILE_STORAGE: 'disk', S3_BUCKET: 'nbr-files' })).toEqual(['FILE_STORAGE']);
    expect(names({ FILE_STORAGE: 'cloud' })).toEqual(['FILE_STORAGE']);
    expect(names({ ...S3, S3_ENDPOINT: 'ftp://files.example.org' })).toEqual(['S3_ENDPOINT']);
    expect(names({ ...S3, S3_FORCE_PATH_STYLE: 'sometimes' })).toEqual(['S3_FORCE_PATH_STYLE']);
  });
});
