// The journeys' mail server: a real SMTP server the app sends to (SMTP_URL), and a small HTTP
// page listing what arrived, parsed with mailparser, so a journey opens the link an e-mail holds.
// Started by the Playwright configuration beside the app.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const HTTP_PORT = Number(process.env.E2E_MAIL_PORT);

interface Caught {
  to: string[];
  subject: string;
  text: string;
  html: string;
}
const caught: Caught[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        caught.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: mail.subject ?? '', text: mail.text ?? '', html: String(mail.html || '') });
        callback();
      })
      .catch(callback);
  },
});
// A sender that drops its connection (the app stopped mid-send) is no reason to stop.
smtp.on('error', () => {});
smtp.listen(SMTP_PORT, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') return res.end('ok');
    const to = url.searchParams.get('to');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(to ? caught.filter((m) => m.to.includes(to)) : caught));
  })
  .listen(HTTP_PORT, '127.0.0.1');
