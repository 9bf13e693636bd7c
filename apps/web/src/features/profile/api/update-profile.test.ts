import { describe, expect, it } from 'vitest';
import { profileFormData } from './update-profile.ts';

const fields = { name: 'Demo', email: 'd@example.com', countryCode: '+966', phone: null, bio: 'Hi' };

describe('profileFormData', () => {
  it('sends the text fields and no avatar when none was chosen', () => {
    const data = profileFormData({ ...fields, avatar: null });
    expect(Object.fromEntries(data.entries())).toEqual({
      name: 'Demo',
      email: 'd@example.com',
      countryCode: '+966',
      phone: '',
      bio: 'Hi',
    });
    expect(data.has('avatar')).toBe(false);
  });

  it('adds the avatar only when it is a file', () => {
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    const data = profileFormData({ ...fields, avatar: file });
    expect(data.get('avatar')).toBeInstanceOf(File);
    expect((data.get('avatar') as File).name).toBe('me.png');
  });
});
