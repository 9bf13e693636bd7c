// The object-store driver of the storage interface (plugins/storage.ts): files in one bucket of an
// S3-compatible store (AWS S3, MinIO, Cloudflare R2, …), chosen when S3_BUCKET is set, so every
// instance behind a load balancer reads what any of them stored. Keys are the same random names
// as on disk, under the bucket's root.
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomKey } from '../lib/tokens.ts';
import { MIME_BY_EXTENSION } from '../lib/uploads.ts';
import { FILES_ROUTE, KEY_PATTERN, fileTooLarge, type KeyMaker, type Storage } from './storage.ts';

export interface S3Settings {
  /** The store's address; unset for AWS S3 itself. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (https://host/bucket/key), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
}

const missing = (err: unknown) => err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

export function createS3Storage(settings: S3Settings, makeKey: KeyMaker = (extension) => `${randomKey(16)}.${extension}`): Storage {
  const client = new S3Client({
    endpoint: settings.endpoint ?? undefined,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const { bucket } = settings;
  const newKey = (extension: string) => {
    const key = makeKey(extension);
    return { key, url: `${FILES_ROUTE}/${key}`, contentType: MIME_BY_EXTENSION[extension] ?? 'application/octet-stream' };
  };

  return {
    async put(data, extension) {
      const { key, url, contentType } = newKey(extension);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentType: contentType }));
      return { key, url };
    },
    async putStream(source, extension, maxBytes) {
      const { key, url, contentType } = newKey(extension);
      let size = 0;
      let tooLarge = false;
      async function* counted() {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > maxBytes) {
            tooLarge = true;
            throw fileTooLarge();
          }
          yield chunk;
        }
      }
      // A multipart upload for large bodies, one PUT for small ones; either way the object exists
      // only once it is complete, and an aborted one leaves nothing behind.
      const upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: Readable.from(counted()), ContentType: contentType } });
      try {
        await upload.done();
      } catch (err) {
        await upload.abort().catch(() => {});
        if (tooLarge) throw fileTooLarge();
        throw err;
      }
      return { key, url, size };
    },
    async read(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      if (!KEY_PATTERN.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    // An object exists only once its upload completed: nothing is ever unfinished here (an
    // abandoned multipart upload is the store's to expire, with a lifecycle rule).
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key && KEY_PATTERN.test(object.Key)) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0), unfinished: false };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
