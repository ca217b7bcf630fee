import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// No @vitejs/plugin-react: esbuild's automatic JSX runtime is all the console needs (no Fast Refresh).
export default defineConfig({
  root,
  base: '/',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
  server: { port: 3110, strictPort: true },
  preview: { port: 3110, strictPort: true },
});
