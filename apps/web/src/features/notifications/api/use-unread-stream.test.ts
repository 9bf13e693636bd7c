import { describe, expect, it } from 'vitest';
import { readCount } from './use-unread-stream.ts';

describe('the unread event', () => {
  it('reads a count of zero or more', () => {
    expect(readCount('{"unread":0}')).toBe(0);
    expect(readCount('{"unread":12}')).toBe(12);
  });

  it('takes nothing else for a count', () => {
    for (const data of ['', 'nope', 'null', '7', '[]', '{}', '{"unread":"3"}', '{"unread":-1}', '{"unread":1.5}', '{"unread":null}']) {
      expect(readCount(data), data).toBeNull();
    }
  });
});
