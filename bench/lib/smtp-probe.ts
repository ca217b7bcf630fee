/** Whether an SMTP server answers at `smtpUrl` (its 220 greeting within 3 s): the mail benchmarks need one. */
import net from 'node:net';

export function smtpAnswers(smtpUrl: string): Promise<boolean> {
  const url = new URL(smtpUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 25) });
    const done = (isUp: boolean) => {
      socket.destroy();
      resolve(isUp);
    };
    socket.setTimeout(3000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (d) => done(d.toString('latin1').startsWith('220')));
  });
}
