import { MAX_FILE_BYTES } from '#contract/limits.ts';
import type { Config } from '#server/config.ts';
import { LocalObjectStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';

/** The configured driver; the AWS SDK is loaded only when S3 is used (it is large, and start-up is measured). */
export async function createObjectStorage(config: Config['storage']): Promise<ObjectStorage> {
  if (config.driver === 'local') return new LocalObjectStorage({ dir: config.dir, signingSecret: config.signingSecret, maxBytes: MAX_FILE_BYTES });
  const { S3ObjectStorage } = await import('./s3-storage.ts');
  return new S3ObjectStorage(config);
}
