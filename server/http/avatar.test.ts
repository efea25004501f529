// docs/design.md#avatars: avatars are decoded on the server, through the real report call.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, staffClient, visitor, type Client, type TestApp } from '../test-support';
import { reportProfile } from '../test-flows';
import { routes } from '../../shared/contract/routes';

let t: TestApp;
let anon: Client;
let profileId: number;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  profileId = await reportProfile(anon, 'developers', { name: 'Avatar Target' });
});
afterEach(() => t.close());

const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;
const square = (px: number) => sharp({ create: { width: px, height: px, channels: 3, background: '#c33' } });
const submit = (avatar: string) =>
  anon.post(routes.incidents.submit.developer.path({ id: profileId }), { description: 'Took the money', lostAmount: '10', avatar });
const storedAvatar = async (id: number) => (await t.engine.db.selectFrom('incidents').select('avatar').where('id', '=', id).executeTakeFirstOrThrow()).avatar as string;
const bytesOf = (url: string) => Buffer.from(url.split(',')[1]!, 'base64');

/** A PNG whose header says width × height: a decompression bomb's shape, without its memory. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await square(8).png().toBuffer();
  // IHDR: length (4) 'IHDR' (4) width (4) height (4) … CRC over type and data
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe('avatars decoded on the server', () => {
  it('when a 30000 × 30000 PNG (3.4 GB decoded) is sent, then it is refused with 400 from its header and nothing is stored', async () => {
    const bomb = await pngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const started = Date.now();
    const res = await submit(dataUrl('png', bomb));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid request: avatar: must be at most 256 × 256 pixels (this one is 30000 × 30000)');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await countRows(t, 'incidents')).toBe(0);
  });

  it('when an image is larger than 256 px, then 400 with the limit', async () => {
    const res = await submit(dataUrl('jpeg', await square(300).jpeg().toBuffer()));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'avatar', message: 'must be at most 256 × 256 pixels (this one is 300 × 300)' }]);
  });

  it('when a PNG signature is followed by HTML, then 400', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await submit(dataUrl('png', fake));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Invalid request: avatar: must be a PNG, JPEG or WebP image/);
    expect(await countRows(t, 'incidents')).toBe(0);
  });

  it('when a real PNG carries HTML after its end, then what is stored is the image alone, encoded anew', async () => {
    const png = await square(16).png().toBuffer();
    const res = await submit(dataUrl('png', Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')])));
    expect(res.status).toBe(201);
    const stored = bytesOf(await storedAvatar(res.body.id as number));
    expect(stored.toString('latin1')).not.toContain('<html>');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 16, height: 16 });
  });

  it('when a JPEG carries EXIF metadata (a camera, a place), then it is stored without it', async () => {
    const jpeg = await square(64).jpeg().withExif({ IFD0: { Make: 'Secret Camera', Copyright: 'Home address' } }).toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await submit(dataUrl('jpeg', jpeg));
    expect(res.status).toBe(201);
    const stored = await sharp(bytesOf(await storedAvatar(res.body.id as number))).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
    expect(stored.exif).toBeUndefined();
  });

  it('when staff open the incident, then they see the avatar that will be published', async () => {
    const res = await submit(dataUrl('webp', await square(32).webp().toBuffer()));
    const staff = await staffClient(t);
    const detail = await staff.get(routes.incidents.detail.path({ id: res.body.id as number }));
    expect(detail.body.avatar).toMatch(/^data:image\/webp;base64,/);
  });
});
