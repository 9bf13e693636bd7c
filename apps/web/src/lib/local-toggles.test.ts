import { describe, expect, it } from 'vitest';
import { readToggles, writeToggle } from './local-toggles.ts';

describe('local toggles', () => {
  it('keeps a map of id to boolean per key', () => {
    writeToggle('projects', 3, false);
    writeToggle('projects', 4, true);
    writeToggle('teams', 3, true);
    expect(JSON.parse(localStorage.getItem('projects') ?? '')).toEqual({ 3: false, 4: true });
    expect(readToggles('projects')).toEqual({ 3: false, 4: true });
    expect(readToggles('teams')).toEqual({ 3: true });
  });

  it('treats a damaged value as empty and ignores entries that are not booleans', () => {
    localStorage.setItem('projects', '{oops');
    expect(readToggles('projects')).toEqual({});
    localStorage.setItem('teams', JSON.stringify({ 1: 'yes', 2: false }));
    expect(readToggles('teams')).toEqual({ 2: false });
    writeToggle('teams', 5, true);
    expect(JSON.parse(localStorage.getItem('teams') ?? '')).toEqual({ 2: false, 5: true });
  });
});
