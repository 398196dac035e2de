import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server renders the HTML shells; Vite only builds the client bundle and its manifest.
export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { input: { main: 'src/client/app/main.tsx' } },
  },
});
