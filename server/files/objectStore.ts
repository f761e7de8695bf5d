import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * Where file bytes go when an S3-compatible object store is configured (S3_URL): documents today, and every other file
 * the servers keep. Without it the bytes stay in the database, which is all one server needs; with several servers
 * the store lets them share files without the database growing by every scan and photo.
 *
 * Objects are named by their SHA-256 under the kind of file (`documents/<sha256>`): the same bytes stored twice are
 * one object, and an upload retried after a lost answer writes nothing new. The database row keeps the object's key.
 */
export interface ObjectStore {
  /** Stores the bytes (once: an object of that name already holds them) and answers the key the row keeps. */
  put(kind: string, sha256: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The bytes of a stored object. */
  get(key: string): Promise<Buffer>;
  /** Creates the bucket when it is missing (a fresh store), so that the first upload does not fail. */
  ready(): Promise<void>;
  /** Where the store is, without its secret: for the log and error messages. */
  readonly where: string;
}

/** S3_URL read: `http(s)://[ACCESS_KEY:SECRET@]host[:port]/bucket[/prefix]`. */
export interface S3Location {
  endpoint: string;
  bucket: string;
  /** Put before every key ("" or "folder/"), so one bucket can serve several companies or environments. */
  prefix: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/**
 * Reads S3_URL; null when unset. A URL without a bucket, or not http(s), is refused at start-up with what to write,
 * rather than failing at the first upload. Without credentials in the URL the SDK's own (AWS_ACCESS_KEY_ID …) apply.
 */
export function parseS3Url(text: string | undefined): S3Location | null {
  if (!text?.trim()) return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error('S3_URL must read like https://ACCESS_KEY:SECRET@s3.example.com/bucket');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`S3_URL must start with http:// or https://, not ${url.protocol}//`);
  const [bucket, ...folders] = url.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('S3_URL must name the bucket as its path: https://s3.example.com/bucket');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket: decodeURIComponent(bucket),
    prefix: folders.map((folder) => `${decodeURIComponent(folder)}/`).join(''),
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : null,
  };
}

/** The object store of S3_URL (path-style addressing, which every S3-compatible server takes). */
export function createObjectStore(location: S3Location, region: string): ObjectStore {
  const client = new S3Client({
    endpoint: location.endpoint,
    region,
    forcePathStyle: true,
    ...(location.credentials ? { credentials: location.credentials } : {}),
    // Checksums only where S3 requires them: not every S3-compatible server takes the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  return {
    where: `${location.endpoint}/${location.bucket}/${location.prefix}`,
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) throw error;
        await client.send(new CreateBucketCommand({ Bucket }));
      }
    },
    async put(kind, sha256, bytes, contentType) {
      const key = `${location.prefix}${kind}/${sha256}`;
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
      return key;
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
  };
}
