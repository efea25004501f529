import { describe, expect, it } from 'vitest';
import {
  GENDERS, createdResponseSchema, profileCreateSchema, profileListResponseSchema, profileSchema, staffProfileSchema,
} from './profile';
import { MAX_SHORT_TEXT } from '../constants';
import { issuesOf, sampleProfile } from '../test-support';

describe('profileCreateSchema', () => {
  it('when only a name is given, then the profile is accepted with empty texts, no languages and gender Not Specified', () => {
    const result = profileCreateSchema.parse({ name: 'Ada Example' });

    expect(result).toEqual({
      name: 'Ada Example', bio: '', gender: 'Not Specified', location: '', geolocation: '',
      nationality: '', languages: [], accent: '',
    });
  });

  it('when the name is missing, then the profile is refused on name', () => {
    const result = profileCreateSchema.safeParse({ bio: 'no name' });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['name']);
  });

  it.each(['', '   ', '\t\n'])("when the name is %j, then 'Full name is required'", (name) => {
    const result = profileCreateSchema.safeParse({ name });

    expect(issuesOf(result)).toEqual([['name', 'Full name is required']]);
  });

  it('when the name has surrounding spaces, then it is trimmed', () => {
    const result = profileCreateSchema.parse({ name: '  Ada  ' });

    expect(result.name).toBe('Ada');
  });

  it('when the name is over the short text limit, then it is refused', () => {
    const result = profileCreateSchema.safeParse({ name: 'x'.repeat(MAX_SHORT_TEXT + 1) });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['name']);
  });

  it.each([[undefined], [null], ['']])('when the gender is %j, then it defaults to Not Specified', (gender) => {
    const result = profileCreateSchema.parse({ name: 'Ada', gender });

    expect(result.gender).toBe('Not Specified');
  });

  it.each(GENDERS.map((gender) => [gender]))("when the gender is '%s', then it is kept", (gender) => {
    const result = profileCreateSchema.parse({ name: 'Ada', gender });

    expect(result.gender).toBe(gender);
  });

  it.each(['Alien', 'male', 'Unknown'])("when the gender is '%s', outside the spec's options, then it is refused", (gender) => {
    const result = profileCreateSchema.safeParse({ name: 'Ada', gender });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['gender']);
  });

  it('when the client sends the verification fields as the spec does, then the payload is accepted', () => {
    const payload = {
      name: 'Ada', reported_person_date: '2025-05-01T10:00:00Z', verification_status: 'unverified', is_verified: false,
    };

    const result = profileCreateSchema.safeParse(payload);

    expect(result.success).toBe(true);
    expect(result.data).toMatchObject(payload);
  });

  it("when is_verified arrives as the string 'false', then the payload is still accepted", () => {
    const result = profileCreateSchema.safeParse({ name: 'Ada', is_verified: 'false' });

    expect(result.success).toBe(true);
  });

  it('when the verification fields are absent, then they stay absent', () => {
    const result = profileCreateSchema.parse({ name: 'Ada' });

    expect(result).not.toHaveProperty('verification_status');
    expect(result).not.toHaveProperty('is_verified');
    expect(result).not.toHaveProperty('reported_person_date');
  });

  it('when every optional field is given, then each is trimmed and the languages normalised', () => {
    const result = profileCreateSchema.parse({
      name: 'Ada', bio: ' bio ', location: ' Berlin ', geolocation: ' 52.5,13.4 ', nationality: ' German ',
      languages: [' German ', 'English', 'German', ''], accent: ' none ',
    });

    expect(result).toMatchObject({
      bio: 'bio', location: 'Berlin', geolocation: '52.5,13.4', nationality: 'German', languages: ['German', 'English'], accent: 'none',
    });
  });

  it('when the payload has an unknown field, then it is refused', () => {
    const result = profileCreateSchema.safeParse({ name: 'Ada', isVerified: true });

    expect(result.success).toBe(false);
    expect(issuesOf(result)[0]?.[1]).toContain('isVerified');
  });
});

describe('profileSchema', () => {
  it('when the API returns a complete profile, then it parses unchanged', () => {
    const profile = sampleProfile();

    const result = profileSchema.parse(profile);

    expect(result).toEqual(profile);
  });

  it('when a profile lacks a listed field, then it is refused on that field', () => {
    const { walletAddresses: _omitted, ...rest } = sampleProfile();

    const result = profileSchema.safeParse(rest);

    expect(issuesOf(result).map(([path]) => path)).toEqual(['walletAddresses']);
  });

  it('when a profile has an extra field, then it is dropped', () => {
    const result = profileSchema.parse({ ...sampleProfile(), internal_note: 'x' });

    expect(result).not.toHaveProperty('internal_note');
  });

  it('when a bank account in a profile is a string, then the profile is refused', () => {
    const result = profileSchema.safeParse(sampleProfile({ bankAccounts: ['Chase:1'] as never }));

    expect(result.success).toBe(false);
  });
});

describe('profileListResponseSchema', () => {
  it('when the list is a plain array, then it is accepted', () => {
    const result = profileListResponseSchema.safeParse([sampleProfile(), sampleProfile({ id: 8 })]);

    expect(result.success).toBe(true);
    expect(Array.isArray(result.data)).toBe(true);
  });

  it('when the list is an object with results and paging fields, then it is accepted with those fields kept', () => {
    const result = profileListResponseSchema.parse({ count: 1, next: null, results: [sampleProfile()] });

    expect(result).toMatchObject({ count: 1, results: [{ id: 7 }] });
  });

  it('when the object has no results, then it is refused', () => {
    const result = profileListResponseSchema.safeParse({ count: 0 });

    expect(result.success).toBe(false);
  });
});

describe('staffProfileSchema', () => {
  it('when a submitted profile carries the staff fields, then it is accepted', () => {
    const staff = { ...sampleProfile(), kind: 'NEW_DEVELOPER', submittedAt: '2025-01-01', submittedBy: 'visitor', coordinatesGeolocation: '0,0' };

    const result = staffProfileSchema.parse(staff);

    expect(result.kind).toBe('NEW_DEVELOPER');
    expect(result.submittedBy).toBe('visitor');
  });

  it('when the staff fields are missing, then it is refused on each of them', () => {
    const result = staffProfileSchema.safeParse(sampleProfile());

    expect(issuesOf(result).map(([path]) => path).sort()).toEqual(['coordinatesGeolocation', 'kind', 'submittedAt', 'submittedBy']);
  });
});

describe('createdResponseSchema', () => {
  it('when the response gives a whole id, then it is accepted', () => {
    const result = createdResponseSchema.parse({ id: 12 });

    expect(result).toEqual({ id: 12 });
  });

  it('when the id is a text, then it is refused', () => {
    const result = createdResponseSchema.safeParse({ id: '12' });

    expect(result.success).toBe(false);
  });
});
