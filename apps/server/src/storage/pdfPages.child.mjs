// Counts a PDF's pages with pdf.js in a child process of the server (pdfPages.ts forks it): plain
// JavaScript, so it starts without a TypeScript loader. One file, one answer, then the parent ends it.
import fs from 'node:fs';

// the server went away: nothing is left to answer
process.on('disconnect', () => process.exit(0));
process.once('message', async ({ file, pdfjs }) => {
  try {
    const { getDocument } = await import(pdfjs);
    const data = new Uint8Array(fs.readFileSync(file));
    const doc = await getDocument({ data, isEvalSupported: false, disableFontFace: true, verbosity: 0 })
      .promise;
    process.send({ pages: doc.numPages });
    await doc.destroy();
  } catch (error) {
    process.send({ error: String((error && error.message) || error) });
  }
});
