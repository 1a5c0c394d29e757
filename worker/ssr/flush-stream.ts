/**
 * React's streaming render as a byte stream with one chunk per flush of React's.
 *
 * React writes a page as thousands of small strings (a tag, an attribute name, a value).
 * Its Bun build hands each string to the destination as it is, where the Node and edge builds
 * encode each into bytes at once: in workerd that is a call into the runtime per string, a
 * tenth of a cold list page's CPU. Here the strings of one flush are joined and encoded once,
 * and React's pipeable form says where a flush ends (`flush()`, after the last write of a pass
 * over completed work), so one pass goes on as one chunk and later passes (a Suspense boundary
 * that resolved) as later chunks: the same stream in few, large pieces for the router's script
 * merge, the page-cache tee and the response.
 *
 * The Bun build still measures each string with `Buffer.byteLength`, another runtime call per
 * string; patches/react-dom+*.patch takes its length instead. React compares those sizes with
 * `progressiveChunkSize` to send large boundaries apart: infinity below, so they decide nothing.
 */
import type { ReactNode } from 'react';
// By name: the worker's bundle aliases react-dom/server to it too (wrangler.toml), the Workers
// test runner resolves the bare name to the edge build, which has no pipeable render.
import { renderToPipeableStream } from 'react-dom/server.bun';

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
    let pending = '';
    // Only for bytes (see write): one per render, as it holds a character split between writes.
    let decoder: TextDecoder | null = null;
    let ended = false;
    const flush = () => {
      if (pending.length === 0 || !controller) return;
      controller.enqueue(encoder.encode(pending));
      pending = '';
    };
    const destination: FlushDestination = {
      write(chunk) {
        // The Bun build writes strings only; bytes, should a later React send some, as text
        // (streamed, so a character split between two writes stays one character).
        pending += typeof chunk === 'string' ? chunk : (decoder ??= new TextDecoder()).decode(chunk, { stream: true });
        return true;
      },
      flush,
      end() {
        if (decoder) pending += decoder.decode();
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
      // Every boundary is sent as it completes, as the router's own streaming render does. With
      // a finite size here, patches/react-dom+*.patch would measure text in UTF-16 units, not bytes.
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
