// Phone numbers in E.164 through libphonenumber-js (its "min" metadata: lengths and leading
// digits per country, the smallest build). No default region is assumed: a number written
// without a country code cannot be told apart from the same digits in another country.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { decodeComponent } from './pasted';
import { CONFIDENCE, type Reader } from './types';

// digits with the separators people write: spaces, dots, dashes, slashes, brackets; a leading
// + (or ＋), an international 00 and an extension are allowed
const PHONE_SHAPED = /^(?:\+|＋|00)?[\d\s().\-/]+(?:\s*(?:ext\.?|x|#)\s*\d{1,6})?$/i;
const NON_DIGITS = /\D/g;
const EXTENSION = /\s*(?:ext\.?|x|#)\s*\d{1,6}$/i;
const INTERNATIONAL = /^(?:\+|＋|00)/;
// E.164 allows 15 digits and the shortest in use have 7 (country code included); fewer than 6
// digits without a country code is more likely a year, a PIN or an amount than a number to call
const E164_MAX_DIGITS = 15;
const E164_MIN_DIGITS = 7;
const NATIONAL_MIN_DIGITS = 6;
// shapes that are digits and separators without being phone numbers
const NOT_A_PHONE = /^(?:\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?::\d+)?|\d{4}-\d{2}-\d{2})$/;

export const readPhone: Reader = (pasted, known, out) => {
  let text: string;
  if (pasted.scheme === 'tel') {
    // RFC 3966: tel:+61-491-570-159;ext=12 — parameters after ';' are not part of the number
    const semicolon = pasted.rest.indexOf(';');
    text = decodeComponent(semicolon < 0 ? pasted.rest : pasted.rest.slice(0, semicolon)).trim();
  } else if (pasted.scheme === '') {
    text = pasted.text;
  } else {
    return;
  }
  if (!PHONE_SHAPED.test(text) || (!known && NOT_A_PHONE.test(text))) return;
  const number = text.replace(EXTENSION, '');
  const digits = number.replace(NON_DIGITS, '');
  const international = INTERNATIONAL.exec(number);
  if (international === null) {
    // without a country code: the national digits, matched only with the same digits
    if (digits.length < NATIONAL_MIN_DIGITS || digits.length > E164_MAX_DIGITS) {
      if (!known || digits === '') return;
    }
    const confidence = pasted.scheme === 'tel' ? CONFIDENCE.medium : CONFIDENCE.low;
    out.push({ kind: 'phone', canonical: digits, valid: false, problem: 'country_code_missing', confidence });
    return;
  }
  const e164Digits = international[0] === '00' ? digits.slice(2) : digits;
  if (e164Digits.length < E164_MIN_DIGITS && !known) return;
  // libphonenumber drops the (0) trunk digit written after a country code: +61 (0)491 → +61491
  const parsed = parsePhoneNumberFromString('+' + e164Digits);
  const confidence = CONFIDENCE.high;
  if (parsed?.isValid()) {
    out.push({ kind: 'phone', canonical: parsed.number, valid: true, confidence });
  } else {
    const canonical = parsed ? parsed.number : '+' + e164Digits;
    out.push({ kind: 'phone', canonical, valid: false, problem: 'invalid_number', confidence: CONFIDENCE.medium });
  }
};
