// The name a duplicate starts with: the original's, numbered ("Tower A 2", then "Tower A 3"),
// which the user can change before saving. Digits and a space keep it a valid entity name.
export function copyName(name: string): string {
  const numbered = /^(.*\S) (\d+)$/.exec(name);
  return numbered ? `${numbered[1]} ${Number(numbered[2]) + 1}` : `${name} 2`;
}
