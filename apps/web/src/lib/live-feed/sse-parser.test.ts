import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.ts';

const answer = (id: number) => JSON.stringify({ id, notes: 'line: one' });

describe('server-sent events parser', () => {
  it('returns an event only once its blank line arrives, however the chunks are cut', () => {
    const text = `event: answer\ndata: ${answer(1)}\n\n`;
    for (let cut = 1; cut < text.length; cut += 1) {
      const parser = new SseParser();
      const first = parser.feed(text.slice(0, cut));
      const second = parser.feed(text.slice(cut));
      expect(first).toEqual([]);
      expect(second).toEqual([{ event: 'answer', data: answer(1), id: null, retry: null }]);
    }
  });

  it('skips comment lines (the keep-alive) and gives several events of one chunk in order', () => {
    const parser = new SseParser();
    const events = parser.feed(`: keep-alive\n\nevent: answer\ndata: ${answer(1)}\n\n: ping\nevent: answer\ndata: ${answer(2)}\n\ndata: plain\n\n`);
    expect(events.map((event) => [event.event, event.data])).toEqual([
      ['answer', answer(1)],
      ['answer', answer(2)],
      ['message', 'plain'],
    ]);
  });

  it('joins data lines, reads id and retry, and accepts CRLF and CR line ends split across chunks', () => {
    const parser = new SseParser();
    expect(parser.feed('id: 7\r\nretry: 5000\r\ndata: a\r')).toEqual([]);
    expect(parser.feed('\ndata:b\r\r')).toEqual([{ event: 'message', data: 'a\nb', id: '7', retry: 5000 }]);
  });

  it('ignores an event without data and unknown fields', () => {
    const parser = new SseParser();
    expect(parser.feed('event: answer\nfoo: bar\n\n')).toEqual([]);
    expect(parser.feed('event: answer\ndata\n\n')).toEqual([{ event: 'answer', data: '', id: null, retry: null }]);
  });
});
