// A file made for one answer (core/books/book-file.ts), sent from disk with its length and removed once sent,
// or once the client goes away: the station and the hub answer a book of any size without holding it.
import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { BookDownload } from '../core/books/book-file';

export function sendDownload(reply: FastifyReply, d: BookDownload): FastifyReply {
  const file = createReadStream(d.path);
  // 'close' comes after the last byte is read, after an error, and when the answer is cut short.
  file.once('close', () => void d.remove());
  return reply
    .header('content-disposition', `attachment; filename="${d.fileName}"`)
    .header('content-length', d.bytes)
    .type(d.mediaType)
    .send(file);
}
