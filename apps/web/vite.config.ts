import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:3000';

/** Libraries in chunks of their own: cached across releases of the app, none over the size warning. */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/ },
  {
    name: 'bootstrap',
    test: /node_modules[\\/](react-bootstrap|@restart|@popperjs|@react-aria|dom-helpers)[\\/]/,
  },
  { name: 'select', test: /node_modules[\\/](react-select|@emotion|@floating-ui)[\\/]/ },
  {
    name: 'markdown',
    test: /node_modules[\\/](react-markdown|micromark.*|mdast.*|hast.*|unified|remark.*|vfile.*)[\\/]/,
  },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
  // the viewer's engines, loaded only when a model or drawing is opened
  { name: 'three', test: /node_modules[\\/](three|camera-controls)[\\/]/ },
  { name: 'fragments', test: /node_modules[\\/](@thatopen|web-ifc|flatbuffers|pako)[\\/]/ },
  { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/ },
];

// The built app is served by the Penstock server; in development Vite forwards the API, the server's own
// pages (/auth/...) and the configuration files to it.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // three (0.8 MB) and That Open's fragments (1.4 MB) are single libraries loaded only with the viewer
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: {
    proxy: {
      '/api': server,
      '/auth': server,
      '/config': server,
    },
  },
});
