import { describe, expect, it, vi } from 'vitest';
import { commonPasswordList, isCommonPassword } from './password.ts';

describe('the list of common passwords', () => {
  it('refuses a common password whatever its case and spaces, and lets an uncommon one through', async () => {
    expect(await isCommonPassword('  PassWord1 ')).toBe(true);
    expect(await isCommonPassword('tangerine-ladder-41')).toBe(false);
  });

  it('loads again after a failed load, instead of failing every later check', async () => {
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new Error('EMFILE')).mockResolvedValue(['Password1']);
    const list = commonPasswordList(load);
    await expect(list.has('password1')).rejects.toThrow('EMFILE');
    expect(await list.has('password1')).toBe(true);
    expect(await list.has('something else')).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
