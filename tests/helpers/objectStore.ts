import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-protocol server for the tests (s3rver, from the npm registry): it keeps objects in a temporary folder and
 * answers on a free port of 127.0.0.1. `url` is what S3_URL would say for it, bucket included.
 */
export interface TestObjectStore {
  url: string;
  /** The objects stored, as the server's own folder holds them (not through the code under test). */
  objectCount(): number;
  close(): Promise<void>;
}

export async function startObjectStore(bucket = 'haulboard-files'): Promise<TestObjectStore> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  return {
    // s3rver's own fixed credentials: requests are signed as against any S3 server.
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    objectCount: () =>
      (fs.readdirSync(directory, { recursive: true }) as string[]).filter((name) => name.endsWith('._S3rver_object'))
        .length,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
