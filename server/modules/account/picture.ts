import sharp from 'sharp';
import { ACCOUNT_MESSAGES, AVATAR_SIZE, type AvatarType } from '../../../schema/account';
import { badRequest } from '../../http/errors';

/** The kind of image the bytes are, by their signature; null for anything else. */
export function imageTypeOf(bytes: Buffer): AvatarType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/**
 * Images larger than this many pixels are refused before they are decoded: a small file can unpack to an enormous
 * bitmap. 40 megapixels takes any camera's photo that fits in the upload limit.
 */
const MAX_INPUT_PIXELS = 40_000_000;

export interface Picture {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * The picture as kept: turned upright (EXIF orientation), shrunk to fit AVATAR_SIZE square with its proportions (never
 * enlarged), as WebP (small, and with transparency), without the original's metadata (a phone's GPS position stays
 * with the phone). 400 when the bytes are not an image of the declared type, or cannot be decoded.
 */
export async function avatarPicture(bytes: Buffer, declared: AvatarType): Promise<Picture> {
  if (imageTypeOf(bytes) !== declared) throw badRequest(ACCOUNT_MESSAGES.notAnImage(declared), 'file');
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw badRequest(ACCOUNT_MESSAGES.unreadableImage, 'file');
  }
}
