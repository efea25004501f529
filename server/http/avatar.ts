// docs/design.md#avatars: an avatar is decoded on the server before it is stored. Its header must
// say an image of at most AVATAR_MAX_PX on each side (a 30000 × 30000 PNG is refused from its
// header, never decoded), the whole file must decode, and what is stored is the image encoded
// anew by sharp (libvips): no metadata, no bytes after the image (a PNG followed by HTML).
// Runs before the write (sharp works off the event loop; a write's transaction never awaits).
import type { RequestHandler } from 'express';
import sharp from 'sharp';
import { AVATAR_MAX_PX } from '../../shared/constants';
import { avatarProblem } from '../../shared/domain/avatar';
import { AppError } from '../errors';

const DATA_URL = /^data:image\/(png|jpeg|webp);base64,(.*)$/s;

const refuse = (message: string) =>
  new AppError(400, `Invalid request: avatar: ${message}`, [{ path: 'avatar', message }]);

/** The avatar as it will be stored: the same kind of image, decoded and encoded anew. Throws a 400 AppError. */
export async function reencodeAvatar(dataUrl: string): Promise<string> {
  const [, format, base64] = DATA_URL.exec(dataUrl) as unknown as [string, 'png' | 'jpeg' | 'webp', string];
  const input = Buffer.from(base64, 'base64');
  // decoding stops at once past this many pixels, whatever the header said
  const options = { limitInputPixels: AVATAR_MAX_PX * AVATAR_MAX_PX, failOn: 'error' as const };
  let width: number | undefined;
  let height: number | undefined;
  try {
    // the header only: no pixel is decoded here (so no pixel limit, which would hide the size)
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw refuse('must be a PNG, JPEG or WebP image');
  }
  if (!width || !height || width > AVATAR_MAX_PX || height > AVATAR_MAX_PX) {
    throw refuse(`must be at most ${AVATAR_MAX_PX} × ${AVATAR_MAX_PX} pixels (this one is ${width ?? '?'} × ${height ?? '?'})`);
  }
  let output: Buffer;
  try {
    const image = sharp(input, options);
    output = await (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg({ quality: 85 }) : image.webp({ quality: 85 })).toBuffer();
  } catch {
    throw refuse('must be a PNG, JPEG or WebP image that can be read');
  }
  return `data:image/${format};base64,${output.toString('base64')}`;
}

/**
 * For a write whose body has an `avatar` (the incident reports): a well-formed one is replaced by
 * its re-encoded form; a malformed one is left to the body's schema, which answers it.
 */
export const decodeAvatar: RequestHandler = async (req, _res, next) => {
  const body = req.body as { avatar?: unknown } | undefined;
  const value = typeof body?.avatar === 'string' ? body.avatar.trim() : '';
  if (value && avatarProblem(value) === null) body!.avatar = await reencodeAvatar(value);
  next();
};
