import { describe, expect, it } from 'vitest';
import { canonicalize, identify } from './identify';
import { checksumAddress, decodeSegwit } from './wallets';

const first = (text: string) => identify(text)[0];

// EIP-55 "Test Cases": all caps, all lower, and mixed (checksummed) addresses
const EIP55_ALL_CAPS = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'];
const EIP55_ALL_LOWER = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'];
const EIP55_NORMAL = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

/** The address with the case of its first hex letter flipped: a checksum EIP-55 must reject. */
function flipFirstLetter(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i]!;
  return address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1);
}

describe('EVM addresses (EIP-55)', () => {
  it.each([...EIP55_ALL_CAPS, ...EIP55_NORMAL])('when the lower-case form of %s is checksummed, then EIP-55 gives it back', (address) => {
    expect(checksumAddress(address.toLowerCase())).toBe(address);
  });

  it.each([...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER, ...EIP55_NORMAL])('when %s is pasted, then it is a valid evm address, canonical in lower case', (address) => {
    expect(first(address)).toEqual({ kind: 'evm', canonical: address.toLowerCase(), valid: true });
  });

  it.each(EIP55_NORMAL)('when one letter of %s changes case, then its checksum fails and the canonical form stays', (address) => {
    const result = first(flipFirstLetter(address));

    expect(result).toEqual({ kind: 'evm', canonical: address.toLowerCase(), valid: false, problem: 'checksum' });
  });

  it('when an address has 39 or 41 hex digits, then it is an evm address of the wrong length', () => {
    const address = EIP55_ALL_LOWER[0]!;

    expect(first(address.slice(0, -1))).toMatchObject({ kind: 'evm', valid: false, problem: 'length' });
    expect(first(address + 'a')).toMatchObject({ kind: 'evm', valid: false, problem: 'length' });
  });

  it('when an EIP-681 payment request is pasted, then the address is taken out of it', () => {
    const result = first(`ethereum:${EIP55_NORMAL[0]}@1?value=1e18`);

    expect(result).toEqual({ kind: 'evm', canonical: EIP55_NORMAL[0]!.toLowerCase(), valid: true });
  });

  it('when an EIP-681 request has the pay- prefix and no chain, then the address is taken out of it', () => {
    expect(first(`ethereum:pay-${EIP55_NORMAL[1]}`)?.canonical).toBe(EIP55_NORMAL[1]!.toLowerCase());
  });

  it('when an EIP-681 ERC-20 transfer is pasted, then the recipient comes before the token contract', () => {
    const [token, recipient] = [EIP55_NORMAL[2]!, EIP55_NORMAL[3]!];

    const result = identify(`ethereum:${token}@1/transfer?address=${recipient}&uint256=1e6`);

    expect(result.map((r) => r.canonical)).toEqual([recipient.toLowerCase(), token.toLowerCase()]);
  });

  it('when a CAIP-10 account id is pasted, then the address is taken out of it', () => {
    expect(first(`eip155:1:${EIP55_NORMAL[0]}`)).toEqual({ kind: 'evm', canonical: EIP55_NORMAL[0]!.toLowerCase(), valid: true });
  });

  it('when an EIP-3770 chain-prefixed address is pasted, then the address is taken out of it', () => {
    expect(first(`arb1:${EIP55_NORMAL[0]}`)?.canonical).toBe(EIP55_NORMAL[0]!.toLowerCase());
  });
});

// BIP-173 "Test vectors": valid segwit addresses (v0; its v1+ ones are bech32, which BIP-350 replaced)
const BIP173_VALID_V0: [string, string][] = [
  ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bc'],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'tb'],
  ['tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', 'tb'],
];
const BIP173_V1_PLUS_IN_BECH32 = [
  'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
  'BC1SW50QA3JX3S',
  'bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj',
];
const BIP173_INVALID = [
  'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', // invalid human-readable part
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // invalid checksum
  'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', // invalid witness version
  'bc1rw5uspcuh', // invalid program length
  'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', // invalid program length
  'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', // invalid program length for witness version 0
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', // mixed case
  'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', // zero padding of more than 4 bits
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv', // non-zero padding in 8-to-5 conversion
  'bc1gmk9yu', // empty data section
];
// BIP-350 "Test vectors for v0-v16 native segregated witness addresses"
const BIP350_VALID: [string, string][] = [
  ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bc'],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'tb'],
  ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'bc'],
  ['BC1SW50QGDZ25J', 'bc'],
  ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'bc'],
  ['tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', 'tb'],
  ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'tb'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'bc'],
];
const BIP350_INVALID = [
  'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', // invalid human-readable part
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // bech32 instead of bech32m
  'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', // bech32 instead of bech32m
  'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', // bech32 instead of bech32m
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // bech32m instead of bech32
  'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', // bech32m instead of bech32
  'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', // invalid character in checksum
  'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', // invalid witness version
  'bc1pw5dgrnzv', // invalid program length (1 byte)
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', // invalid program length (41 bytes)
  'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', // invalid program length for witness version 0
  'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', // mixed case
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', // zero padding of more than 4 bits
  'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', // non-zero padding in 8-to-5 conversion
  'bc1gmk9yu', // empty data section
];
const isValidFor = (address: string, hrps: readonly string[]) => hrps.some((hrp) => decodeSegwit(address, hrp)?.valid === true);

describe('segwit addresses (BIP-173, BIP-350)', () => {
  it.each([...BIP173_VALID_V0, ...BIP350_VALID])('when %s is read for its network, then it is valid', (address, hrp) => {
    expect(decodeSegwit(address, hrp)).toEqual({ valid: true });
  });

  it.each([...BIP173_INVALID, ...BIP350_INVALID])('when %s is read for either network, then it is invalid', (address) => {
    expect(isValidFor(address, ['bc', 'tb'])).toBe(false);
  });

  it.each(BIP173_V1_PLUS_IN_BECH32)('when the BIP-173 v1+ address %s (bech32, not bech32m) is read, then BIP-350 rejects its checksum', (address) => {
    expect(decodeSegwit(address, 'bc')).toEqual({ valid: false, problem: 'checksum' });
  });

  it.each(BIP350_VALID.filter(([, hrp]) => hrp === 'bc'))('when the mainnet address %s is pasted, then it is a valid btc address in lower case', (address) => {
    expect(first(address)).toEqual({ kind: 'btc', canonical: address.toLowerCase(), valid: true });
  });

  it('when a segwit address has one character changed, then it is a btc address whose checksum fails', () => {
    expect(first('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toEqual({
      kind: 'btc', canonical: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', valid: false, problem: 'checksum',
    });
  });

  it('when a BIP-21 payment URI is pasted, then the address is taken out of it', () => {
    expect(first('bitcoin:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?amount=0.05&label=Shop')).toEqual({
      kind: 'btc', canonical: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', valid: true,
    });
  });
});

// the Bitcoin wiki's examples of a P2PKH and a P2SH address
const P2PKH = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';

describe('base58check addresses', () => {
  it('when a P2PKH address is pasted, then it is a valid btc address, kept as written', () => {
    expect(identify(P2PKH)).toEqual([{ kind: 'btc', canonical: P2PKH, valid: true }]);
  });

  it('when a P2SH address is pasted, then it is btc first and Litecoin legacy P2SH second', () => {
    expect(identify(P2SH)).toEqual([
      { kind: 'btc', canonical: P2SH, valid: true },
      { kind: 'ltc', canonical: P2SH, valid: true },
    ]);
  });

  it('when a base58check address has one character changed, then its checksum fails', () => {
    const changed = P2PKH.slice(0, -1) + '3';

    expect(first(changed)).toEqual({ kind: 'btc', canonical: changed, valid: false, problem: 'checksum' });
  });

  it('when a BIP-21 URI carries a P2PKH address, then the address is taken out of it', () => {
    expect(first(`bitcoin:${P2PKH}?amount=0.05`)).toEqual({ kind: 'btc', canonical: P2PKH, valid: true });
  });

  it.each(['LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz', 'MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN'])('when the Litecoin address %s is pasted, then it is a valid ltc address', (address) => {
    expect(identify(address)).toEqual([{ kind: 'ltc', canonical: address, valid: true }]);
  });

  it('when a litecoin: URI is pasted, then its address is ltc, even a 3… one', () => {
    expect(identify(`litecoin:${P2SH}?amount=1`)).toEqual([{ kind: 'ltc', canonical: P2SH, valid: true }]);
  });

  it('when an ltc1 segwit address is pasted, then it is read as ltc with its checksum checked', () => {
    expect(first('ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toMatchObject({ kind: 'ltc', valid: false, problem: 'checksum' });
  });

  it('when a Tron address (the USDT contract) is pasted, then it is a valid tron address', () => {
    expect(identify('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual([
      { kind: 'tron', canonical: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', valid: true },
    ]);
  });

  it('when a Tron address has one character changed, then its checksum fails', () => {
    expect(first('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toMatchObject({ kind: 'tron', valid: false, problem: 'checksum' });
  });
});

describe('Solana addresses', () => {
  it.each(['So11111111111111111111111111111111111111112', '11111111111111111111111111111111'])('when %s (32 bytes in base58) is pasted, then it is first a valid solana address', (address) => {
    expect(first(address)).toEqual({ kind: 'solana', canonical: address, valid: true });
  });

  it('when a Solana Pay URI is pasted, then the address is taken out of it', () => {
    expect(first('solana:So11111111111111111111111111111111111111112?amount=1')?.canonical).toBe('So11111111111111111111111111111111111111112');
  });

  it('when a stored Solana wallet does not decode to 32 bytes, then it is read as solana of the wrong length', () => {
    expect(canonicalize('solana', 'So1111111111111111111111111111')).toMatchObject({ kind: 'solana', valid: false, problem: 'length' });
  });
});
