/**
 * React's streaming render as a byte stream with one chunk per flush of React's, instead of
 * one per 4 KB view of its buffer.
 *
 * `renderToReadableStream` enqueues every 4 KB view React fills, so a 74 KB list page crossed
 * each stage after it (the router's script merge, the page-cache tee, the response) as about
 * twenty chunks, each a read, a promise and a write. React's pipeable form tells its
 * destination where each flush ends (`flush()`, after the last write of a pass over completed
 * work), so the views of one pass go on as one chunk and later passes (a Suspense boundary
 * that resolved) as later chunks: the same stream in fewer, larger pieces.
 */
import type { ReactNode } from 'react';
// The Node build by name: the worker's bundle aliases react-dom/server to it (decision 034), the
// Workers test runner resolves the bare name to the edge build, which has no pipeable render.
import { renderToPipeableStream } from 'react-dom/server.node';
import { concatBytes } from '../../domain/rules/concat-bytes.ts';

/** The part of a Node writable React's `pipe` uses. */
interface FlushDestination {
  write(chunk: Uint8Array | string): boolean;
  flush(): void;
  end(): void;
  destroy(error: unknown): void;
  on(event: string, listener: (...args: unknown[]) => void): FlushDestination;
}

export interface FlushStreamOptions {
  nonce?: string | undefined;
  signal: AbortSignal;
  /** Resolve once the whole document is ready (crawlers) rather than once its shell is. */
  waitForAll: boolean;
  onError?: (error: unknown) => void;
}

const encoder = new TextEncoder();

/**
 * Renders `children` and resolves with the stream once React's shell (or, with `waitForAll`,
 * the whole document) is ready; rejects when the shell cannot be rendered.
 */
export function renderToFlushStream(children: ReactNode, options: FlushStreamOptions): Promise<ReadableStream<Uint8Array>> {
  return new Promise((resolve, reject) => {
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let ended = false;
    const flush = () => {
      if (pendingBytes === 0 || !controller) return;
      // One new array: a view React wrote may be one of its shared precomputed chunks.
      controller.enqueue(concatBytes(pending, pendingBytes));
      pending = [];
      pendingBytes = 0;
    };
    const destination: FlushDestination = {
      write(chunk) {
        // Held until the flush: React starts a new view after each one it writes, and the flush copies.
        const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
        pending.push(bytes);
        pendingBytes += bytes.length;
        return true;
      },
      flush,
      end() {
        flush();
        ended = true;
        controller?.close();
      },
      destroy(error) {
        controller?.error(error);
      },
      on() {
        // `drain` never comes (writes always succeed); `error` and `close` are the stream's cancel below.
        return destination;
      },
    };
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
      cancel(reason) {
        if (!ended) pipeable.abort(reason);
      },
    });
    const pipeable = renderToPipeableStream(children, {
      nonce: options.nonce,
      // Every boundary is sent as it completes, as the router's own streaming render does.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: options.onError,
      onShellError: reject,
      ...(options.waitForAll
        ? {
            onAllReady: () => {
              pipeable.pipe(destination as unknown as NodeJS.WritableStream);
              resolve(stream);
            },
          }
        : {
            onShellReady: () => {
              pipeable.pipe(destination as unknown as NodeJS.WritableStream);
              resolve(stream);
            },
          }),
    });
    const abort = () => pipeable.abort(options.signal.reason);
    if (options.signal.aborted) abort();
    else options.signal.addEventListener('abort', abort, { once: true });
  });
}
