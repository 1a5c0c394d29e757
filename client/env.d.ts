/** Stylesheets are imported for their side effect; esbuild extracts them into one file. */
declare module '*.css';
