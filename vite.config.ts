import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vitePrecompress.ts';

// The server renders the HTML shells; Vite only builds the client bundle and its manifest.
export default defineConfig({
  plugins: [react(), precompress()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      input: { main: 'src/client/app/main.tsx' },
      output: {
        codeSplitting: {
          // Off, or a group would also take what its modules import (React itself, for PixiJS's React).
          includeDependenciesRecursively: false,
          // The canvas pages' code in chunks of its own, so that a page without a canvas (and the
          // entry every page loads) never carries PixiJS. Rolldown would otherwise merge every module
          // the entry shares with a lazy page into one chunk the entry imports.
          groups: [
            {
              name: 'pixi',
              test: /node_modules[\\/](?:pixi\.js|@pixi|react-reconciler|earcut|eventemitter3|parse-svg-path|ismobilejs|@xmldom)[\\/]/,
            },
            // Every other package the entry needs. A group takes whatever matches, lazily imported
            // or not, so the packages only a lazy page uses stay out: d3 (value stream analytics'
            // chart scales) travels with that page's chunk instead of weighing on every page.
            { name: 'vendor', test: /node_modules[\\/](?!d3-|internmap[\\/])/ },
          ],
        },
      },
    },
  },
});
