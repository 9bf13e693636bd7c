// A streaming parser of server-sent events (the HTML "event stream" format): feed it text as it
// arrives, in chunks cut anywhere, and it returns the events completed so far. Comment lines
// (": keep-alive") are skipped; `data` lines join with line breaks; CRLF, CR and LF all end lines.
export interface ServerEvent {
  /** The `event:` field, "message" when absent. */
  event: string;
  data: string;
  id: string | null;
  /** The reconnection delay the server asked for, in milliseconds. */
  retry: number | null;
}

export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | null = null;
  private retry: number | null = null;
  /** A CR ended the last chunk: an LF starting the next one belongs to it. */
  private pendingCr = false;

  feed(chunk: string): ServerEvent[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const events: ServerEvent[] = [];
    let start = 0;
    for (let index = 0; index < this.buffer.length; index += 1) {
      const char = this.buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      const line = this.buffer.slice(start, index);
      if (char === '\r') {
        if (index + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer[index + 1] === '\n') index += 1;
      }
      start = index + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): ServerEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.event = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break;
    }
    return null;
  }

  private dispatch(): ServerEvent | null {
    const hasData = this.data.length > 0;
    const event: ServerEvent = { event: this.event || 'message', data: this.data.join('\n'), id: this.id, retry: this.retry };
    this.event = '';
    this.data = [];
    return hasData ? event : null;
  }
}
