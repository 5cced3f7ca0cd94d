import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API and the SSO routes live on the server (PORT 8080 by default). Proxy keys end with '/'
// because Vite matches them as prefixes: '/api' alone would also swallow the '/apikeys' screen.
const server = process.env.SIGHTLINE_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api/': { target: server, changeOrigin: false },
      '/auth/': { target: server, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        manualChunks: {
          react: ['react', 'react-dom', 'react-router', '@tanstack/react-query'],
        },
      },
    },
  },
});
