import { describe, expect, it } from 'vitest';
import { canonicalize, identify } from './identify';
import { MAX_IDENTIFIER_CHARS } from './pasted';

const first = (text: string) => identify(text)[0];
const canonicalOf = (kind: string, text: string) => identify(text).find((r) => r.kind === kind)?.canonical;

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // an EIP-55 example, for the 0x6659…2b8a
const SEGWIT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'; // a BIP-173 example, for the bc1q…

describe('the pasted forms of issue 16', () => {
  it.each([
    ['t.me/aldric_web302', 'telegram', 'aldric_web302'],
    ['https://t.me/aldric_web302', 'telegram', 'aldric_web302'],
    ['aldric_web302', 'telegram', 'aldric_web302'],
    ['@aldric_web302', 'telegram', 'aldric_web302'],
    ['telegram.me/aldric_web302', 'telegram', 'aldric_web302'],
    ['https://t.me/aldric_web302/', 'telegram', 'aldric_web302'],
    ['+61491570159', 'phone', '+61491570159'],
    ['tel:+61491570159', 'phone', '+61491570159'],
    ['+61 (0)491 570 159', 'phone', '+61491570159'],
    ['www.site.example', 'domain', 'site.example'],
    ['http://site.example/login?ref=ad', 'domain', 'site.example'],
    ['https://site.example', 'domain', 'site.example'],
    ['mailto:name@inbox.invalid', 'email', 'name@inbox.invalid'],
    [`ethereum:${EVM}@1?value=1e18`, 'evm', EVM.toLowerCase()],
    [`eip155:1:${EVM}`, 'evm', EVM.toLowerCase()],
    [`bitcoin:${SEGWIT}?amount=0.05`, 'btc', SEGWIT],
    ['+1 (843) 555-0117', 'phone', '+18435550117'],
    ['ACCT-29938799', 'bank_account', 'ACCT29938799'],
    ['BUSTR-2025-0169', 'case_id', 'BUSTR-2025-0169'],
  ])('when %s is pasted, then its most likely reading is %s %s', (text, kind, canonical) => {
    expect(first(text)).toMatchObject({ kind, canonical, valid: true });
  });
});

describe('phone numbers', () => {
  it.each(['+61 (0)491 570 159', 'tel:+61491570159', '0061 491 570 159', '+61-491-570-159', '+61.491.570.159', '＋61 491 570 159', 'tel:+61-491-570-159;ext=12'])(
    'when %s is pasted, then it is the E.164 number +61491570159',
    (text) => {
      expect(first(text)).toEqual({ kind: 'phone', canonical: '+61491570159', valid: true });
    },
  );

  it('when a number is copied from WhatsApp with its bidi marks, then the marks are dropped', () => {
    expect(first('\u202a+61 491 570 159\u202c')).toEqual({ kind: 'phone', canonical: '+61491570159', valid: true });
  });

  it('when a number has an extension, then the extension is dropped', () => {
    expect(first('+1 843 555 0117 ext. 12')?.canonical).toBe('+18435550117');
  });

  it('when a number has one digit more, then its canonical form differs and it is not valid', () => {
    expect(first('+1 843 555 01170')).toEqual({ kind: 'phone', canonical: '+184355501170', valid: false, problem: 'invalid_number' });
  });

  it('when a number has no country code, then no region is assumed: it is its national digits, without a country code', () => {
    expect(first('0491 570 159')).toEqual({ kind: 'phone', canonical: '0491570159', valid: false, problem: 'country_code_missing' });
  });

  it('when a number has no country code, then an account number reading comes after the phone reading', () => {
    expect(identify('555-0117').map((r) => r.kind)).toEqual(['phone', 'bank_account']);
  });

  it.each(['2025', '1.5', '2025-03-14', '10.0.0.1'])('when %s is pasted, then it is not a phone number', (text) => {
    expect(identify(text).some((r) => r.kind === 'phone')).toBe(false);
  });
});

describe('e-mail addresses', () => {
  it.each([' Name@Inbox.Invalid ', 'mailto:name@inbox.invalid', 'MAILTO:Name@INBOX.invalid?subject=Hello', '<name@inbox.invalid>'])(
    'when %s is pasted, then it is name@inbox.invalid',
    (text) => {
      expect(first(text)).toEqual({ kind: 'email', canonical: 'name@inbox.invalid', valid: true });
    },
  );

  it('when the domain of an address is internationalised, then it is in punycode', () => {
    expect(first('info@bücher.de')?.canonical).toBe('info@xn--bcher-kva.de');
  });

  it('when an address has no dot in its domain, then it is an e-mail address that is not valid', () => {
    expect(first('name@localhost')).toMatchObject({ kind: 'email', valid: false, problem: 'email_format' });
  });

  it('when the text is an address, then it is not also read as a domain or a handle', () => {
    expect(identify('name@inbox.invalid').map((r) => r.kind)).toEqual(['email']);
  });
});

describe('domains', () => {
  it.each([
    'site.example', 'SITE.Example', 'www.site.example', 'site.example.', 'https://www.site.example:8443/login?ref=ad#top',
    'http://site.example/', 'site.example/login', 'site.example:8080', 'http://user@site.example/', ' <https://site.example> ',
  ])('when %s is pasted, then it is the domain site.example', (text) => {
    expect(first(text)).toEqual({ kind: 'domain', canonical: 'site.example', valid: true, registrable: 'site.example' });
  });

  it('when a host is a subdomain, then the canonical form keeps it and the registrable domain is given', () => {
    expect(first('https://login.site.co.uk/x')).toEqual({
      kind: 'domain', canonical: 'login.site.co.uk', valid: true, registrable: 'site.co.uk',
    });
  });

  it('when a host is on a private suffix of the Public Suffix List, then its registrable domain includes the owner', () => {
    expect(first('scam.github.io')?.registrable).toBe('scam.github.io');
  });

  it('when a domain is internationalised, then UTS #46 maps it to punycode', () => {
    expect(first('https://Bücher.de/')).toMatchObject({ kind: 'domain', canonical: 'xn--bcher-kva.de' });
    expect(first('xn--bcher-kva.de')?.canonical).toBe('xn--bcher-kva.de');
  });

  it('when a host uses full-width dots, then they are read as dots', () => {
    expect(first('site。example')?.canonical).toBe('site.example');
  });

  it('when a bare name ends in no known suffix, then it is a domain that is not valid, ranked low', () => {
    expect(identify('john.smith')).toEqual([
      { kind: 'domain', canonical: 'john.smith', valid: false, problem: 'unknown_suffix', registrable: 'john.smith' },
    ]);
  });

  it.each(['e.g.', '3.14', 'hello world', 'a..b'])('when %s is pasted, then it is not a domain', (text) => {
    expect(identify(text).some((r) => r.kind === 'domain')).toBe(false);
  });

  it('when a link is a t.me link, then it is a Telegram handle and not the domain t.me', () => {
    expect(identify('https://t.me/aldric_web302').map((r) => r.kind)).toEqual(['telegram']);
  });

  it('when a stored website is a t.me link, then canonicalize still reads its host', () => {
    expect(canonicalize('domain', 'https://t.me/aldric_web302')?.canonical).toBe('t.me');
  });
});

describe('Telegram handles', () => {
  it.each([
    '@aldric_web302', 'aldric_web302', 'Aldric_Web302', 't.me/aldric_web302', 'https://t.me/aldric_web302', 'http://t.me/aldric_web302/',
    'https://telegram.me/aldric_web302', 'telegram.dog/aldric_web302', 'https://t.me/s/aldric_web302', 'https://t.me/aldric_web302/123',
    'tg://resolve?domain=aldric_web302', 'www.t.me/aldric_web302', 't.me/@aldric_web302',
  ])('when %s is pasted, then it is the handle aldric_web302', (text) => {
    expect(first(text)).toEqual({ kind: 'telegram', canonical: 'aldric_web302', valid: true });
  });

  it.each(['@abcd', '@1abcde', '@abcde_', `@${'a'.repeat(33)}`])('when %s breaks Telegram\'s rules, then it is a handle that is not valid', (text) => {
    expect(first(text)).toMatchObject({ kind: 'telegram', valid: false, problem: 'handle_rules' });
  });

  it.each(['abcd', '1abcde', 'hello world'])('when the bare text %s breaks Telegram\'s rules, then it is not read as a handle', (text) => {
    expect(identify(text).some((r) => r.kind === 'telegram')).toBe(false);
  });

  it.each(['https://t.me/joinchat/AAAAAE', 'https://t.me/+AbCdEfGh', 'https://t.me/share/url?url=x'])('when %s is a Telegram page, not an account, then it is no handle', (text) => {
    expect(identify(text).some((r) => r.kind === 'telegram')).toBe(false);
  });

  it('when a stored handle breaks the rules, then canonicalize reads it as invalid rather than not at all', () => {
    expect(canonicalize('telegram', 'ab')).toEqual({ kind: 'telegram', canonical: 'ab', valid: false, problem: 'handle_rules' });
  });
});

describe('IPv4 addresses, case ids and bank accounts', () => {
  it.each(['203.0.113.7', ' 203.0.113.7:8080 ', 'http://203.0.113.7/admin', '203.000.113.007'])('when %s is pasted, then it is the IPv4 address 203.0.113.7', (text) => {
    expect(first(text)).toEqual({ kind: 'ipv4', canonical: '203.0.113.7', valid: true });
  });

  it('when an octet is over 255, then it is an IPv4 address that is not valid', () => {
    expect(first('203.0.113.300')).toEqual({ kind: 'ipv4', canonical: '203.0.113.300', valid: false, problem: 'octet_range' });
  });

  it.each(['BUSTR-2025-0169', 'bustr-2025-0169', 'Bustr-2025-169', '#BUSTR-2025-0169'])('when %s is pasted, then it is the case id BUSTR-2025-0169 alone', (text) => {
    expect(identify(text)).toEqual([{ kind: 'case_id', canonical: 'BUSTR-2025-0169', valid: true }]);
  });

  it('when a case id is over 9999, then it is kept in full', () => {
    expect(first('BUSTR-2025-123456')?.canonical).toBe('BUSTR-2025-123456');
  });

  it.each(['GB82 WEST 1234 5698 7654 32', 'gb82west12345698765432', 'GB82-WEST-1234-5698-7654-32'])('when the IBAN %s is pasted, then it is first a valid IBAN, without spaces and in capitals', (text) => {
    expect(first(text)).toEqual({ kind: 'iban', canonical: 'GB82WEST12345698765432', valid: true });
  });

  it('when an IBAN has one digit changed, then its mod-97 check fails', () => {
    expect(first('GB82 WEST 1234 5698 7654 33')).toEqual({ kind: 'iban', canonical: 'GB82WEST12345698765433', valid: false, problem: 'checksum' });
  });

  it('when an IBAN has a character missing or one too many, then its length is what is wrong, not its checksum', () => {
    expect(first('GB82 WEST 1234 5698 7654 3')).toMatchObject({ kind: 'iban', valid: false, problem: 'iban_length' });
    expect(first('GB82 WEST 1234 5698 7654 321')).toMatchObject({ kind: 'iban', valid: false, problem: 'iban_length' });
    // in small letters and of a wrong length it is rather a handle (a property test found it); a valid one stays an IBAN
    expect(first('mk40qzi99wum8k7')).toMatchObject({ kind: 'telegram' });
    expect(first('gb82west12345698765432')).toMatchObject({ kind: 'iban', valid: true });
  });

  it('when a website is one word, then, known to be a website, it lacks its ending; pasted, it is no website', () => {
    expect(canonicalize('domain', 'scamsite')).toMatchObject({ kind: 'domain', valid: false, problem: 'no_ending' });
    expect(identify('scamsite').some((r) => r.kind === 'domain')).toBe(false);
  });

  it('when an IBAN-shaped number has no IBAN country, then it is an IBAN that is not valid', () => {
    expect(first('XX12 EXMP 1234 5678 90')).toMatchObject({ kind: 'iban', valid: false, problem: 'iban_country' });
  });

  it('when an account number is pasted with spaces or dashes, then they are dropped', () => {
    expect(canonicalOf('bank_account', 'acct 2993 8799')).toBe('ACCT29938799');
    expect(canonicalOf('bank_account', 'ACCT-29938799')).toBe('ACCT29938799');
  });

  it('when a stored account is an IBAN, then canonicalize gives it for either bank kind', () => {
    expect(canonicalize('bank_account', 'GB82 WEST 1234 5698 7654 32')?.canonical).toBe('GB82WEST12345698765432');
    expect(canonicalize('iban', 'ACCT-29938799')?.canonical).toBe('ACCT29938799');
  });
});

describe('identify', () => {
  it.each(['', '   ', '\u200b', 'x'.repeat(MAX_IDENTIFIER_CHARS + 1)])('when the text is blank or too long (%#), then it is nothing', (text) => {
    expect(identify(text)).toEqual([]);
  });

  it('when a bare word keeps Telegram\'s rules, then it may be a handle', () => {
    expect(identify('Maria_Rossi')).toEqual([{ kind: 'telegram', canonical: 'maria_rossi', valid: true }]);
  });

  it('when a text is plain words, then it is nothing', () => {
    expect(identify('exit scam in March')).toEqual([]);
  });
});

describe('canonicalize', () => {
  it.each([
    ['phone', '+61 (0)491 570 159', '+61491570159'],
    ['phone', '555-0117', '5550117'],
    ['email', 'mailto:Name@Inbox.Invalid', 'name@inbox.invalid'],
    ['domain', 'https://www.site.example/', 'site.example'],
    ['telegram', '@Aldric_Web302', 'aldric_web302'],
    ['evm', EVM, EVM.toLowerCase()],
    ['btc', SEGWIT.toUpperCase(), SEGWIT],
    ['ipv4', '203.0.113.7', '203.0.113.7'],
    ['case_id', 'bustr-2025-7', 'BUSTR-2025-0007'],
  ] as const)('when a stored %s is %s, then its canonical form is %s', (kind, text, canonical) => {
    expect(canonicalize(kind, text)?.canonical).toBe(canonical);
  });

  it('when a stored value cannot be read as its kind, then it is null', () => {
    expect(canonicalize('evm', 'Unknown')).toBeNull();
    expect(canonicalize('phone', 'ask on Telegram')).toBeNull();
    expect(canonicalize('email', '')).toBeNull();
  });

  it('when a stored EVM address is short, then it is read as evm of the wrong length', () => {
    expect(canonicalize('evm', '0x1234')).toEqual({ kind: 'evm', canonical: '0x1234', valid: false, problem: 'length' });
  });
});
