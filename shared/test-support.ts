// Test helpers for the shared contract: real image bytes for the avatar rule, a complete
// profile as the API returns it, and a compact view of zod issues. Used by tests only.
import { deflateSync } from 'node:zlib';
import type { z } from 'zod';
import type { Profile } from './contract/profile';

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u32le = (n: number) => u32be(n).reverse();

function crc32(bytes: readonly number[]): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: readonly number[]): number[] {
  const body = [...ascii(type), ...data];
  return [...u32be(data.length), ...body, ...u32be(crc32(body))];
}

/** A complete 1x1 RGB PNG: signature, IHDR, IDAT (one red pixel) and IEND. */
export function tinyPng(): Uint8Array {
  const ihdr = [...u32be(1), ...u32be(1), 8, 2, 0, 0, 0]; // 1x1, 8 bits, truecolour
  const idat = Array.from(deflateSync(Uint8Array.from([0, 0xff, 0, 0]))); // filter byte + RGB
  return Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...pngChunk('IHDR', ihdr), ...pngChunk('IDAT', idat), ...pngChunk('IEND', []),
  ]);
}

/** A JFIF stream: SOI, an APP0 'JFIF' segment, EOI. */
export function tinyJpeg(): Uint8Array {
  return Uint8Array.from([
    0xff, 0xd8, // SOI
    0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, // APP0
    0xff, 0xd9, // EOI
  ]);
}

/** A 1x1 lossless WebP: RIFF header, 'WEBP', one VP8L chunk (padded to an even size). */
export function tinyWebp(): Uint8Array {
  const vp8l = [0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07];
  const chunks = [...ascii('WEBP'), ...ascii('VP8L'), ...u32le(vp8l.length), ...vp8l, 0x00];
  return Uint8Array.from([...ascii('RIFF'), ...u32le(chunks.length), ...chunks]);
}

export function textBytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** `bytes` followed by zeros up to `size` bytes: the header decides the type, the size is exact. */
export function padTo(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
}

export function dataUrl(type: string, bytes: Uint8Array): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** Each issue as [dotted path, message], in the order zod reports them. */
export function issuesOf(result: z.ZodSafeParseResult<unknown>): [string, string][] {
  if (result.success) return [];
  return result.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]);
}

/** A profile with every field product.md#entities lists, as GET /api/developers/ returns it. */
export function sampleProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    name: 'Ada Example',
    nickname: 'ada',
    avatar: null,
    location: 'Remote',
    bio: 'Fictional profile for tests.',
    gender: 'Female',
    nationality: 'Examplian',
    languages: ['English'],
    accent: 'Neutral',
    geolocation: '0,0',
    company: ['Example Labs'],
    companyAddress: ['1 Example Road'],
    scam_type: ['Rug Pull'],
    industry: ['DeFi'],
    email: ['ada@example.test'],
    phone: ['+1 555 0100'],
    telegram: ['@ada_example'],
    website: ['https://example.test'],
    walletAddresses: ['0x0000000000000000000000000000000000000001'],
    bankAccounts: [{ bank_name: 'Example Bank', account: '0001' }],
    ipAddresses: ['192.168.0.1'],
    knownPartners: [],
    companiesUsed: ['Example Labs'],
    currencies: ['USD'],
    bank: ['Example Bank'],
    isVerified: true,
    verification_status: 'verified',
    joinedDate: '2025-01-02',
    reported_person_date: '2025-01-02T10:00:00Z',
    ...overrides,
  };
}
