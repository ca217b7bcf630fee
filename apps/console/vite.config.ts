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
    rollupOptions: {
      // Mantine marks its modules "use client" (for React Server Components), which a SPA bundle ignores.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        manualChunks: {
          react: ['react', 'react-dom', 'react-router'],
          mantine: ['@mantine/core', '@mantine/hooks'],
          data: ['@tanstack/react-query', '@tanstack/react-virtual', 'zod'],
          logs: ['@datadog/browser-logs'],
        },
      },
    },
  },
  server: { port: 3110, strictPort: true },
  preview: { port: 3110, strictPort: true },
});
