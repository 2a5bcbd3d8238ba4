import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpTransport, PermanentMailError } from './transport.ts';

/** A minimal SMTP server that refuses either the log-in or the recipient. */
async function fakeSmtp(refuse: 'auth' | 'recipient'): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.write('220 fake ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const command = buffer.slice(0, end).toUpperCase();
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (command.startsWith('EHLO')) socket.write('250-fake\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (command.startsWith('AUTH')) socket.write('535 5.7.8 Authentication credentials invalid\r\n');
        else if (command.startsWith('MAIL FROM')) socket.write('250 OK\r\n');
        else if (command.startsWith('RCPT TO')) socket.write(`550 5.1.1 No such user (${refuse})\r\n`);
        else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const message = {
  from: 'noreply@example.org',
  to: 'someone@example.org',
  subject: 'Hej',
  text: 'Hej',
  html: '<p>Hej</p>',
};

describe('SMTP transport', () => {
  it('treats a refused log-in (535) as worth retrying, not as a failure of the mail', async () => {
    const { server, port } = await fakeSmtp('auth');
    servers.push(server);
    const transport = createSmtpTransport(`smtp://user:wrong@127.0.0.1:${port}`);
    const error = await transport.send(message).catch((caught: unknown) => caught);
    await transport.close();
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentMailError);
  });

  it('treats a refused recipient (550) as final for that mail', async () => {
    const { server, port } = await fakeSmtp('recipient');
    servers.push(server);
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`);
    const error = await transport.send(message).catch((caught: unknown) => caught);
    await transport.close();
    expect(error).toBeInstanceOf(PermanentMailError);
  });
});
