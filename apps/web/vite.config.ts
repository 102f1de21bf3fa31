import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Where pdf.js' standard fonts are served (PDFs using the 14 standard fonts without embedding them). */
export const STANDARD_FONTS_PATH = '/pdfjs/standard_fonts/';

/**
 * Serve `pdfjs-dist/standard_fonts` from Penstock itself (never a CDN): emitted into the build, served from
 * node_modules by the development server.
 */
function pdfStandardFonts(): Plugin {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts',
  );
  const files = () => fs.readdirSync(dir).filter((name) => /\.(pfb|ttf)$|^LICENSE/.test(name));
  return {
    name: 'penstock-pdf-standard-fonts',
    configureServer(server) {
      server.middlewares.use(STANDARD_FONTS_PATH, (req, res, next) => {
        const name = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\//, '');
        if (!files().includes(name)) return next();
        res.setHeader('Content-Type', 'application/octet-stream');
        fs.createReadStream(path.join(dir, name)).pipe(res);
      });
    },
    generateBundle() {
      for (const name of files()) {
        this.emitFile({
          type: 'asset',
          fileName: `${STANDARD_FONTS_PATH.slice(1)}${name}`,
          source: fs.readFileSync(path.join(dir, name)),
        });
      }
    },
  };
}

const server = 'http://localhost:3000';

/**
 * Libraries in chunks of their own: cached across releases of the app, none over the size warning. A group
 * is one chunk of everything the whole app uses from those libraries and from their own dependencies,
 * loaded by the first page that needs any of it. So only what the first page needs whole (react) and the
 * viewer's engines are grouped; react-bootstrap, react-select, micromark and zod are split by where
 * they are used, so the sign-in page and the shell load only what they use (issue 15: first load).
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/ },
  // the viewer's engines, loaded only when a model or drawing is opened
  { name: 'three', test: /node_modules[\\/](three|camera-controls)[\\/]/ },
  { name: 'fragments', test: /node_modules[\\/](@thatopen|web-ifc|flatbuffers|pako)[\\/]/ },
  { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/ },
];

// The built app is served by the Penstock server; in development Vite forwards the API, the server's own
// pages (/auth/...) and the configuration files to it.
export default defineConfig({
  plugins: [react(), pdfStandardFonts()],
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
      '/logos': server,
    },
  },
});
