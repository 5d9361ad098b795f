import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    // `npm run dev` in apps/web talks to a server started with `npm run dev` at the root.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: { sourcemap: true },
});
