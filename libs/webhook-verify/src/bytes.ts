/** A body as given (a string is its UTF-8 bytes), without copying a Buffer or Uint8Array. */
export function asBuffer(body: string | Uint8Array): Buffer {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}
