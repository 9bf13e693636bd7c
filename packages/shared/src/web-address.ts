// Reads a web address with the WHATWG URL parser that every runtime of the shared code has
// (browsers and Node.js). The shared code is checked without a runtime's types, so the little it
// uses of the parser is declared here.
interface ParsedAddress {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
}
declare const URL: new (input: string) => ParsedAddress;

/** The address's parts, or null when it is not an absolute address. */
export function parseWebAddress(value: string): ParsedAddress | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Whether the value is an absolute http or https address. */
export function isHttpAddress(value: string): boolean {
  const address = parseWebAddress(value);
  return address !== null && (address.protocol === 'https:' || address.protocol === 'http:') && address.hostname !== '';
}
