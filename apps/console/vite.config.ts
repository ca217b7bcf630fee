import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { pageChunks } from './build/page-chunks.ts';
import { precompress } from './build/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Warnings with nothing to act on in our build, silenced in both bundles. */
const onwarn: NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onwarn'] = (
  warning,
  warn,
) => {
  // Mantine marks its modules "use client" (for React Server Components), which our bundles ignore.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  // zod's own explanatory comment beside a @__PURE__ annotation.
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod/')) return;
  warn(warning);
};
// CONSOLE_DIST_DIR: the server reads the same variable, so a run can build and serve its own copy.
const outDir = process.env.CONSOLE_DIST_DIR ?? fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The first-screen renderer the site loads (src/entry-server.tsx, `vite build --ssr`): one file in
 * dist/server, which the site never serves. The libraries are bundled into it: a built console copied
 * anywhere (a deployment, a benchmark's folder) has no node_modules beside it to import them from.
 */
const serverBuild = defineConfig({
  root,
  oxc: { jsx: { runtime: 'automatic' } },
  ssr: { noExternal: true },
  // React's production build whatever NODE_ENV the site runs with, like the browser's bundle.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: path.join(outDir, 'server'),
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    rolldownOptions: {
      onwarn,
      // The route modules' dynamic imports stay in the one file: the site loads it once.
      output: { codeSplitting: false },
    },
  },
});

// No @vitejs/plugin-react: Oxc's automatic JSX runtime is all the console needs (no Fast Refresh).
const browserBuild = defineConfig({
  root,
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [pageChunks(root), precompress()],
  build: {
    outDir,
    // .vite/manifest.json: the site composes each page from it (the entry's files, each route's chunks).
    manifest: true,
    emptyOutDir: true,
    // No source maps in the build: served, they handed anyone our original sources (the site also refuses
    // *.map, should a build ever emit them).
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      onwarn,
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules\/(react|react-dom|scheduler|react-router)\// },
            // Mantine's styling core stays a library chunk of its own; its components go where they are used.
            { name: 'mantine', test: /node_modules\/@mantine\/(core\/esm\/core|hooks)\// },
            {
              name: 'data',
              test: /node_modules\/(@tanstack\/query-core|@tanstack\/react-query|zod)\//,
            },
          ],
        },
      },
    },
  },
  server: { port: 3110, strictPort: true },
  preview: { port: 3110, strictPort: true },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));
