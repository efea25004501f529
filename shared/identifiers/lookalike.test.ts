import { describe, expect, it } from 'vitest';
import { compareLookalike, foldedSkeleton, isLookalike, isMixedScript, lookalike, lookalikeForm, scriptsOf, skeleton } from './lookalike';

describe('skeleton (Unicode TR39)', () => {
  it('when letters of other scripts look like Latin ones, then the skeletons are equal', () => {
    expect(skeleton('pаypal')).toBe(skeleton('paypal')); // Cyrillic а
    expect(skeleton('ΑΒΟ')).toBe(skeleton('ABO')); // Greek capitals
  });

  it('when letters look like two others together, then their skeleton is those two', () => {
    expect(skeleton('m')).toBe('rn');
    expect(skeleton('rnicrosoft')).toBe(skeleton('microsoft'));
  });

  it('when a text has zero-width characters, then they are not in its skeleton', () => {
    expect(skeleton('pay\u200bpal')).toBe(skeleton('paypal'));
  });

  it('when a text is precomposed or decomposed, then the skeletons are equal', () => {
    expect(skeleton('caf\u00e9')).toBe(skeleton('cafe\u0301'));
  });

  it('when a skeleton is taken again, then it does not change', () => {
    for (const text of ['pаypal', 'rnicrosoft', 'Ꭺdmin', '0O1lI']) expect(skeleton(skeleton(text))).toBe(skeleton(text));
  });

  it('when case does not count, then the folded skeletons of 0 and o, and of 1 and l, are equal', () => {
    expect(foldedSkeleton('aldric_web3O2')).toBe(foldedSkeleton('aldric_web302'));
    expect(foldedSkeleton('PAYPA1')).toBe(foldedSkeleton('paypal'));
  });
});

describe('scripts', () => {
  it.each([
    ['Aldric Webb', ['Latin']],
    ['Аldric', ['Latin', 'Cyrillic']],
    ['Ελληνικά', ['Greek']],
    ['東京タワー', ['Katakana', 'Han']],
    ['1234 !', []],
  ])('when the text is %s, then its scripts are %j', (text, scripts) => {
    expect(scriptsOf(text).sort()).toEqual([...scripts].sort());
  });

  it.each(['Аldric Webb', 'Pаvel', 'Ηello'])('when the name %s mixes Latin with a lookalike script, then it is mixed-script', (name) => {
    expect(isMixedScript(name)).toBe(true);
  });

  it.each(['Aldric Webb', 'Павел', 'Ελληνικά', '東京タワー', '山田 太郎', 'Tokyo東京', 'José Müller'])('when the name %s is in one script (or Japanese/Chinese/Korean with Latin), then it is not mixed-script', (name) => {
    expect(isMixedScript(name)).toBe(false);
  });
});

describe('lookalike domains', () => {
  it.each([
    ['pаypal.com', 'confusable'], // Cyrillic а
    ['xn--pypal-4ve.com', 'confusable'], // the same, as a browser shows it in punycode
    ['paypa1.com', 'confusable'],
    ['PAYPAL.COM.', null],
    ['https://www.paypal.com/signin', null],
    ['login.paypal.com', null], // another host of the same registrable domain is the same site
    ['paypal.co', 'same_name'],
    ['paypal.co.uk', 'same_name'],
    ['paypall.com', 'edit_distance'],
    ['paypai.com', 'edit_distance'],
    ['pyapal.com', null], // a swap is two edits, allowed from 8 characters: 'paypal' has 6
    ['example.com', null],
  ])('when %s is compared with the listed paypal.com, then the lookalike reason is %s', (candidate, reason) => {
    expect(lookalike('domain', candidate, 'paypal.com')?.reason ?? null).toBe(reason);
  });

  it('when a listed label is long, then two edits still look alike', () => {
    expect(lookalike('domain', 'binanec-support.com', 'binance-support.com')).toEqual({ reason: 'edit_distance', distance: 2 });
  });

  it('when labels are shorter than 4 characters, then one edit is a different name, not a lookalike', () => {
    expect(isLookalike('domain', 'abd.com', 'abc.com')).toBe(false);
  });

  it('when the listed domain is a subdomain of a shared host, then another owner on that host is compared by its label', () => {
    expect(lookalike('domain', 'aldric-web.github.io', 'aldric-webb.github.io')).toEqual({ reason: 'edit_distance', distance: 1 });
  });

  it('when either text is not a domain, then nothing looks alike', () => {
    expect(lookalike('domain', 'not a domain', 'paypal.com')).toBeNull();
  });
});

describe('lookalike Telegram handles', () => {
  it.each([
    ['aldric_web3O2', 'confusable'],
    ['@aldric_webЗ02', 'confusable'], // Cyrillic З for 3, as a message can show it
    ['aldric_web303', 'edit_distance'],
    ['https://t.me/Aldric_Web302', null],
    ['someone_else', null],
  ])('when %s is compared with the listed @aldric_web302, then the lookalike reason is %s', (candidate, reason) => {
    expect(lookalike('telegram', candidate, '@aldric_web302')?.reason ?? null).toBe(reason);
  });
});

describe('lookalike names', () => {
  it('when a name differs from a listed one only by lookalike letters, then it is a confusable lookalike', () => {
    expect(lookalike('name', 'Аldric Webb', 'Aldric Webb')).toEqual({ reason: 'confusable', distance: 0 });
  });

  it('when names differ only by case and spacing, then it is the same name, not a lookalike', () => {
    expect(lookalike('name', '  aldric   WEBB ', 'Aldric Webb')).toBeNull();
  });

  it('when names are a letter apart, then they are two people, not lookalikes', () => {
    expect(lookalike('name', 'Aldric Web', 'Aldric Webb')).toBeNull();
  });
});

describe('compareLookalike', () => {
  it('when forms are made once, then they can be compared with many candidates', () => {
    const listed = ['paypal.com', 'site.example', 'binance.com'].map((d) => lookalikeForm('domain', d)!);
    const candidate = lookalikeForm('domain', 'binаnce.com')!; // Cyrillic а

    const hits = listed.filter((l) => compareLookalike(candidate, l) !== null).map((l) => l.canonical);

    expect(hits).toEqual(['binance.com']);
  });

  it('when forms are of different kinds, then nothing looks alike', () => {
    expect(compareLookalike(lookalikeForm('name', 'paypal')!, lookalikeForm('telegram', 'paypal')!)).toBeNull();
  });
});
