// The audit log's kinds are the changes the app makes: each kind declared (AUDIT_KINDS) is recorded
// by some module, so the audit page's filter and wording offer nothing that can never happen (the
// business API key, for one, is made once with the business and never again; a plan goes only with
// its task, recorded as task.deleted).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS } from './events.service.ts';

const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourcesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(at);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.includes('test-kit') ? [at] : [];
  });
}

/** Whether a module records `kind`: by its name, or (`auth.${outcome}`) its area built with one of the outcomes it names. */
function recorded(kind: string, sources: readonly string[]): boolean {
  const [area, name] = kind.split('.');
  return sources.some((text) => text.includes(`'${kind}'`) || (text.includes(`kind: \`${area}.\${`) && sources.some((other) => other.includes(`'${name}'`))));
}

describe('the audit kinds', () => {
  const sources = sourcesOf(MODULES)
    .filter((file) => !file.endsWith(`${path.sep}events.service.ts`))
    .map((file) => fs.readFileSync(file, 'utf8'));

  it('are each recorded by some module', () => {
    const unrecorded = AUDIT_KINDS.filter((kind) => !recorded(kind, sources));
    expect(unrecorded).toEqual([]);
  });
});
