/** Byte arrays as one, in order: a body read to its end, or one flush of React's render. */
export function concatBytes(chunks: readonly Uint8Array[], length = chunks.reduce((sum, chunk) => sum + chunk.length, 0)): Uint8Array<ArrayBuffer> {
  const all = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
}
