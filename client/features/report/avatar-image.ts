// docs/design.md#avatars: the picture a person picks is scaled in the browser to at most
// AVATAR_MAX_PX on its longer side and stored as a PNG/JPEG/WebP data URL of at most 200 KB,
// small enough to wait in the outbox. Drawing it on a canvas also drops whatever else the file
// carried (EXIF location, scripts in an SVG): only pixels leave the device.
import { AVATAR_MAX_PX } from '../../../shared/constants';
import { avatarProblem } from '../../../shared/domain/avatar';

export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp';

/** tried in order until one fits the size limit; WebP and JPEG are small, PNG keeps transparency */
const ENCODINGS: readonly [type: string, quality?: number][] = [
  ['image/webp', 0.9], ['image/jpeg', 0.9], ['image/webp', 0.7], ['image/jpeg', 0.7], ['image/jpeg', 0.5], ['image/png'],
];

export class AvatarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AvatarError';
  }
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; done(): void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, done: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  await image.decode();
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, done: () => URL.revokeObjectURL(url) };
}

/** The picture as an avatar data URL the server accepts; throws AvatarError with a reason to show. */
export async function pictureToAvatar(file: Blob): Promise<string> {
  if (!AVATAR_ACCEPT.split(',').includes(file.type)) throw new AvatarError('Choose a PNG, JPEG or WebP picture.');
  let picture: Awaited<ReturnType<typeof decode>>;
  try {
    picture = await decode(file);
  } catch {
    throw new AvatarError('This file could not be read as a picture.');
  }
  try {
    const scale = Math.min(1, AVATAR_MAX_PX / Math.max(picture.width, picture.height, 1));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(picture.width * scale));
    canvas.height = Math.max(1, Math.round(picture.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new AvatarError('This browser cannot prepare pictures.');
    context.imageSmoothingQuality = 'high';
    context.drawImage(picture.source, 0, 0, canvas.width, canvas.height);
    for (const [type, quality] of ENCODINGS) {
      const url = canvas.toDataURL(type, quality);
      // a browser that cannot write a type answers with a PNG instead: the check sees the real bytes
      if (url.startsWith(`data:${type};`) && avatarProblem(url) === null) return url;
    }
    throw new AvatarError('This picture stays too large even when scaled down; choose a simpler one.');
  } finally {
    picture.done();
  }
}
