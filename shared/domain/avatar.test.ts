import { describe, expect, it } from 'vitest';
import { avatarProblem } from './avatar';
import { AVATAR_MAX_BYTES } from '../constants';
import { dataUrl, padTo, textBytes, tinyJpeg, tinyPng, tinyWebp } from '../test-support';

const NOT_AN_IMAGE = 'must be a PNG, JPEG or WebP image';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>';

describe('avatarProblem, accepted images', () => {
  it('when the avatar is a tiny PNG data URL, then there is no problem', () => {
    const value = dataUrl('image/png', tinyPng());

    const problem = avatarProblem(value);

    expect(problem).toBeNull();
  });

  it('when the avatar is a tiny JPEG data URL, then there is no problem', () => {
    const value = dataUrl('image/jpeg', tinyJpeg());

    const problem = avatarProblem(value);

    expect(problem).toBeNull();
  });

  it('when the avatar is a tiny WebP data URL, then there is no problem', () => {
    const value = dataUrl('image/webp', tinyWebp());

    const problem = avatarProblem(value);

    expect(problem).toBeNull();
  });

  it('when the test images are built, then they carry the real magic bytes of their formats', () => {
    const png = tinyPng();
    const jpeg = tinyJpeg();
    const webp = tinyWebp();

    expect(Array.from(png.slice(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(Array.from(jpeg.slice(0, 3))).toEqual([0xff, 0xd8, 0xff]);
    expect(new TextDecoder().decode(webp.slice(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(webp.slice(8, 12))).toBe('WEBP');
    expect(new DataView(webp.buffer).getUint32(4, true)).toBe(webp.length - 8);
  });

  it('when the image is exactly 200 KB, then there is no problem', () => {
    const value = dataUrl('image/png', padTo(tinyPng(), AVATAR_MAX_BYTES));

    const problem = avatarProblem(value);

    expect(problem).toBeNull();
  });
});

describe('avatarProblem, refused values', () => {
  it('when the avatar is an SVG data URL, then it is refused', () => {
    const value = dataUrl('image/svg+xml', textBytes(SVG));

    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });

  it('when SVG bytes are declared as a PNG, then they are refused', () => {
    const value = dataUrl('image/png', textBytes(SVG));

    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });

  it('when an HTML page is declared as a JPEG, then it is refused', () => {
    const value = dataUrl('image/jpeg', textBytes('<!doctype html><html><body>hi</body></html>'));

    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });

  it.each([
    ['PNG bytes', 'image/jpeg', tinyPng],
    ['PNG bytes', 'image/webp', tinyPng],
    ['JPEG bytes', 'image/png', tinyJpeg],
    ['JPEG bytes', 'image/webp', tinyJpeg],
    ['WebP bytes', 'image/png', tinyWebp],
    ['WebP bytes', 'image/jpeg', tinyWebp],
  ])('when %s are declared as %s, then the mismatched type is refused', (_name, type, build) => {
    const value = dataUrl(type, build());

    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });

  it('when the avatar is a GIF, then it is refused', () => {
    const value = dataUrl('image/gif', textBytes('GIF89a\u0001\u0000\u0001\u0000'));

    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });

  it.each([
    'https://example.test/avatar.png',
    'http://example.test/avatar.png',
    '/avatars/7.png',
    'avatar.png',
    'javascript:alert(1)',
    '',
  ])("when the avatar is '%s', a value that is not a data URL, then it is refused", (value) => {
    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });

  it('when the data URL is not base64, then it is refused', () => {
    const value = 'data:image/png,%89PNG%0D%0A%1A%0A';

    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });

  it('when the base64 uses URL-safe characters, then it is refused', () => {
    const value = dataUrl('image/png', tinyPng()).replace(/\+/g, '-').replace(/\//g, '_') + '-_';

    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });

  it('when the data URL has a parameter before base64, then it is refused', () => {
    const value = dataUrl('image/png', tinyPng()).replace(';base64', ';charset=utf-8;base64');

    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });

  it('when the declared type is in upper case, then it is refused', () => {
    const value = dataUrl('IMAGE/PNG', tinyPng());

    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });

  it('when the image is one byte over 200 KB, then it is refused for its size', () => {
    const value = dataUrl('image/png', padTo(tinyPng(), AVATAR_MAX_BYTES + 1));

    const problem = avatarProblem(value);

    expect(problem).toBe('must be at most 200 KB');
  });

  it('when the image is far over 200 KB, then it is refused for its size', () => {
    const value = dataUrl('image/jpeg', padTo(tinyJpeg(), 1024 * 1024));

    const problem = avatarProblem(value);

    expect(problem).toBe('must be at most 200 KB');
  });

  it.each([
    ['a truncated base64 text', 'data:image/png;base64,iVBORw0KG'],
    ['a base64 text of 5 characters', 'data:image/png;base64,AAAAA'],
    ['padding in the wrong place', 'data:image/png;base64,AAAAA='],
    ['a single character', 'data:image/png;base64,i'],
  ])('when the data URL holds %s, then it is refused rather than throwing', (_name, value) => {
    const run = () => avatarProblem(value);

    expect(run).not.toThrow();
    expect(run()).toBe(NOT_AN_IMAGE);
  });

  it('when the data URL is cut after the PNG signature, then it is refused', () => {
    const value = dataUrl('image/png', tinyPng().slice(0, 4));

    const problem = avatarProblem(value);

    expect(problem).toBe(NOT_AN_IMAGE);
  });
});
