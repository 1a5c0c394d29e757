import built from '../../dist/client-assets.json';

/** Hashed file names of the client build, written by scripts/build-client.ts. */
export const clientAssets: { js: string; css: string; preload: string[]; chunks: Record<string, string[]>; floor?: string } = built;

/** Names the client build: pages (their ETags and every cached copy) are a function of it. */
export const CLIENT_BUILD = `${clientAssets.js} ${clientAssets.css}`;
