import type { Readable } from 'node:stream';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { type DocumentContentType, cleanDocumentName } from '../../../schema/documents';
import { ApiError } from '../../http/errors';
import { receiveFile } from '../documents/store';

/** A photo is kept at most this many pixels on its longer side (a phone's 12 MP shot becomes a screen's worth). */
const MAX_IMAGE_SIDE = 2560;
/** Refused before decoding: a small file can unpack to an enormous bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ChatFile {
  bytes: Buffer;
  contentType: DocumentContentType;
  fileName: string;
  width: number | null;
  height: number | null;
  sha256: string;
}

/**
 * An attachment as the documents take them (server/modules/documents receiveFile): the body read while counting
 * (413 past MAX_DOCUMENT_BYTES), its kind told from its bytes (PDF, JPEG or PNG; else 415). An image must also
 * decode: it is turned upright, shrunk to MAX_IMAGE_SIDE and written again without its metadata (a phone's GPS
 * position stays with the phone); one that does not decode is 415 too.
 */
export async function receiveChatFile(body: Readable, rawName: string): Promise<ChatFile> {
  const file = await receiveFile(body);
  const fileName = cleanDocumentName(rawName, file.contentType);
  if (file.contentType === 'application/pdf')
    return {
      bytes: file.bytes,
      contentType: file.contentType,
      fileName,
      width: null,
      height: null,
      sha256: file.sha256,
    };
  try {
    let image = sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true });
    image = file.contentType === 'image/png' ? image.png() : image.jpeg({ quality: 85 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: file.contentType,
      fileName,
      width: info.width,
      height: info.height,
      sha256: crypto.createHash('sha256').update(data).digest('hex'),
    };
  } catch {
    throw new ApiError(415, `${fileName} cannot be read as an image`, 'unsupported_media_type', 'file');
  }
}
