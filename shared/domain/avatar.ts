// docs/design.md#avatars: a PNG, JPEG or WebP data URL of at most 200 KB. The declared type must
// match the bytes, so an SVG or HTML page cannot pass as an image.
import { AVATAR_MAX_BYTES } from '../constants';

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

function sniff(bytes: Uint8Array): string | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'image/webp';
  return null;
}

function decodeHead(base64: string, count: number): Uint8Array {
  const head = atob(base64.slice(0, Math.ceil(count / 3) * 4));
  return Uint8Array.from(head, (c) => c.charCodeAt(0));
}

/** Why the avatar is refused, or null when it is fine. */
export function avatarProblem(value: string): string | null {
  const match = DATA_URL.exec(value);
  if (!match) return 'must be a PNG, JPEG or WebP image';
  const [, type, base64] = match as unknown as [string, string, string];
  // browsers always pad; an unpadded or cut text is not an image (and atob would throw on it)
  if (base64.length % 4 !== 0) return 'must be a PNG, JPEG or WebP image';
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = (base64.length / 4) * 3 - padding;
  if (bytes > AVATAR_MAX_BYTES) return `must be at most ${AVATAR_MAX_BYTES / 1024} KB`;
  if (sniff(decodeHead(base64, 12)) !== type) return 'must be a PNG, JPEG or WebP image';
  return null;
}
