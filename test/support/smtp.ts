// A real SMTP server on loopback (smtp-server) for the delivery tests: it keeps every message it took, parsed
// with postal-mime, and can refuse recipients (550), answer "later" (451), require a password, or be down.
import { createServer, type AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface Received {
  readonly to: string[];
  readonly raw: Buffer;
  readonly mail: Email;
  readonly messageId: string;
}

export interface TestSmtp {
  readonly port: number;
  readonly received: Received[];
  /** Recipients answered 550 (a mailbox that does not exist). */
  readonly refuse: Set<string>;
  /** Every RCPT answered 451 while true. */
  tempfail: boolean;
  /** Every AUTH it was offered, as `user:password` (what a client sent, right or wrong). */
  readonly auths: string[];
  /** For each AUTH, whether the connection was encrypted (STARTTLS) when it came. */
  readonly authsSecure: boolean[];
  /** The password it wants (user `sello`); none when null. */
  password: string | null;
  /** How long it keeps a message it already stored before answering 250 (a kill meanwhile loses the answer). */
  answerDelayMs: number;
  /** Listening (after `stop`, it listens again on the same port). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when `n` messages have arrived, or rejects after `ms`. */
  waitFor(n: number, ms?: number): Promise<Received[]>;
}

/** A free loopback port: the server is not listening on it yet (SMTP down at first). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** `tls`: offer STARTTLS with this key and certificate (otherwise the server speaks plain SMTP only). */
export async function testSmtp(
  options: { port?: number; listening?: boolean; tls?: { key: string; cert: string } } = {},
): Promise<TestSmtp> {
  const port = options.port ?? (await freePort());
  let server: SMTPServer | null = null;
  const t: TestSmtp = {
    port,
    received: [],
    refuse: new Set(),
    auths: [],
    authsSecure: [],
    tempfail: false,
    password: null,
    answerDelayMs: 0,
    start() {
      server = new SMTPServer({
        logger: false,
        ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : { disabledCommands: ['STARTTLS'] }),
        authOptional: true,
        allowInsecureAuth: true,
        onAuth(auth, session, cb) {
          t.auths.push(`${auth.username ?? ''}:${auth.password ?? ''}`);
          t.authsSecure.push(session.secure);
          if (t.password !== null && auth.username === 'sello' && auth.password === t.password) return cb(null, { user: 'sello' });
          cb(new Error('535 5.7.8 Authentication credentials invalid'));
        },
        onMailFrom(_address, session, cb) {
          if (t.password !== null && !session.user)
            return cb(Object.assign(new Error('530 5.7.0 Authentication required'), { responseCode: 530 }));
          cb();
        },
        onRcptTo(address: SMTPServerAddress, _session, cb) {
          if (t.refuse.has(address.address))
            return cb(
              Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }),
            );
          if (t.tempfail) return cb(Object.assign(new Error('4.7.1 Try again later'), { responseCode: 451 }));
          cb();
        },
        onData(stream, session, cb) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks);
            void PostalMime.parse(raw).then((mail) => {
              t.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, mail, messageId: mail.messageId ?? '' });
              if (t.answerDelayMs > 0) setTimeout(() => cb(), t.answerDelayMs);
              else cb();
            }, cb);
          });
        },
      });
      const s = server;
      return new Promise((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
    },
    stop() {
      const s = server;
      server = null;
      return new Promise((resolve) => (s ? s.close(() => resolve()) : resolve()));
    },
    async waitFor(n, ms = 20_000) {
      const until = Date.now() + ms;
      while (t.received.length < n) {
        if (Date.now() > until) throw new Error(`${t.received.length} message(s) arrived, ${n} expected`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return t.received;
    },
  };
  if (options.listening !== false) await t.start();
  return t;
}
