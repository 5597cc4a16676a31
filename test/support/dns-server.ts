import { createSocket, type Socket } from 'node:dgram';

const TYPE_A = 1;

/**
 * A tiny authoritative DNS server over UDP for tests: answers A queries for the names it knows
 * (TTL 0, so no resolver caches them), answers AAAA with no records, never answers the names
 * told to stay silent, and counts every question it gets.
 */
export class DnsServer {
  private readonly counts = new Map<string, number>();

  private constructor(
    private readonly socket: Socket,
    private readonly zone: Record<string, string>,
    private readonly silent: Set<string>,
  ) {
    socket.on('message', (msg, peer) => {
      const question = parseQuestion(msg);
      if (!question) return;
      const key = `${question.name}/${question.type === TYPE_A ? 'A' : question.type}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      if (this.silent.has(question.name)) return;
      const address = question.type === TYPE_A ? this.zone[question.name] : undefined;
      socket.send(answer(msg, question.end, address), peer.port, peer.address);
    });
  }

  static async start(port: number, zone: Record<string, string>, silent: string[] = []): Promise<DnsServer> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, '127.0.0.1', () => resolve());
    });
    return new DnsServer(socket, zone, new Set(silent));
  }

  /** Questions received for `name` of type A. */
  queries(name: string): number {
    return this.counts.get(`${name}/A`) ?? 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

function parseQuestion(msg: Buffer): { name: string; type: number; end: number } | undefined {
  if (msg.length < 12 || msg.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let at = 12;
  while (at < msg.length && msg[at] !== 0) {
    labels.push(msg.subarray(at + 1, at + 1 + msg[at]).toString('ascii'));
    at += 1 + msg[at];
  }
  if (at + 5 > msg.length) return undefined;
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

/** The query's header and question, flagged as an answer, with one A record when given an address. */
function answer(query: Buffer, questionEnd: number, address: string | undefined): Buffer {
  const header = Buffer.from(query.subarray(0, questionEnd));
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100), 2); // QR, AA, RD as asked, NOERROR
  header.writeUInt16BE(address ? 1 : 0, 6); // ANCOUNT
  header.writeUInt16BE(0, 8);
  header.writeUInt16BE(0, 10);
  if (!address) return header;
  const record = Buffer.alloc(16);
  record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question
  record.writeUInt16BE(TYPE_A, 2);
  record.writeUInt16BE(1, 4); // IN
  record.writeUInt32BE(0, 6); // TTL 0: never cached
  record.writeUInt16BE(4, 10);
  address.split('.').forEach((octet, i) => record.writeUInt8(Number(octet), 12 + i));
  return Buffer.concat([header, record]);
}
