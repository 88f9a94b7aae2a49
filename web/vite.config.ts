import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Paths the API server answers; the dev server forwards them so the app runs on one origin.
// FIELDBOOK_API_URL points the dev/preview server at an API on another port.
const API_TARGET = process.env.FIELDBOOK_API_URL ?? 'http://localhost:8080';
const proxied = ['/auth', '/rest', '/api', '/files', '/preferences', '/healthz', '/eula.html', '/docs', '/basemap'];

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/ },
            // The style editor's CodeMirror loads only with the editor route (spec 2 §2 Styles).
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror|@lezer|@marijn|style-mod|w3c-keyname|crelt)[\\/]/,
            },
            // The offline basemap's TopoJSON loads only with the map (web/src/map/basemap/load-atlas.ts).
            { name: 'atlas', test: /node_modules[\\/](world-atlas|us-atlas)[\\/]/ },
            // PDF.js loads with the first PDF attachment previewed (web/src/map/features/attachments/pdf-document.ts).
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: true }])),
  },
});
