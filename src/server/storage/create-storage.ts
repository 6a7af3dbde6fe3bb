import { MAX_FILE_BYTES } from '#contract/limits.ts';
import type { Config } from '#server/config.ts';
import { LocalObjectStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { S3ObjectStorage } from './s3-storage.ts';

export function createObjectStorage(config: Config['storage']): ObjectStorage {
  if (config.driver === 'local') return new LocalObjectStorage({ dir: config.dir, signingSecret: config.signingSecret, maxBytes: MAX_FILE_BYTES });
  return new S3ObjectStorage(config);
}
