/**
 * The value, or an error saying why it had to be there: for an indexed read (a row a query always
 * returns, a match group a pattern always captures) whose absence would be a bug, not a case to handle.
 */
export function must<T>(value: T | undefined, why: string): T {
  if (value === undefined) throw new Error(`Missing value: ${why}`);
  return value;
}
