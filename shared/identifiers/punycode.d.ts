// punycode ships no types; the two functions used here (punycode.js README, "API").
// Imported by its file name: a bare 'punycode' would be Node's deprecated built-in module.
declare module 'punycode/punycode.js' {
  const punycode: {
    toUnicode(domain: string): string;
    toASCII(domain: string): string;
  };
  export default punycode;
}
