import { AVATAR_TYPES, type AvatarType, MAX_AVATAR_BYTES } from '../../../schema/account';

/** The longest side a picture too large to send is brought down to before it goes (the server keeps 256 px anyway). */
const SHRINK_TO = 1024;

export type PreparedAvatar = { image: Blob } | { problem: 'type' | 'size' };

async function shrink(file: Blob): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SHRINK_TO / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  } catch {
    return null;
  }
}

/**
 * A chosen file as the picture to send: a PNG, JPEG or WebP image (schema/account.ts); one over the size limit (a
 * phone's photo) is made smaller here first, and refused only when that does not bring it under.
 */
export async function prepareAvatar(file: File): Promise<PreparedAvatar> {
  if (!AVATAR_TYPES.includes(file.type as AvatarType)) return { problem: 'type' };
  if (file.size <= MAX_AVATAR_BYTES) return { image: file };
  const smaller = await shrink(file);
  return smaller && smaller.size <= MAX_AVATAR_BYTES ? { image: smaller } : { problem: 'size' };
}
