import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server README is the map of the server (issue 32): every folder of src/ and every module is named in
 * it, and docs/ARCHITECTURE.md names every document of docs/. A new folder or document fails this test
 * until it is described.
 */
const src = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(src, '..', '..', '..');
const readme = fs.readFileSync(path.join(src, '..', 'README.md'), 'utf8');
const architecture = fs.readFileSync(path.join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');
const folders = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('apps/server/README.md', () => {
  it('names every folder of src/', () => {
    const missing = folders(src).filter((name) => !readme.includes(`src/${name}/`));
    expect(missing).toEqual([]);
  });

  it('names every module', () => {
    const missing = folders(path.join(src, 'modules')).filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

describe('docs/ARCHITECTURE.md', () => {
  it('names every document of docs/', () => {
    const documents = fs
      .readdirSync(path.join(root, 'docs'))
      .filter((name) => name.endsWith('.md') && name !== 'ARCHITECTURE.md');
    const missing = documents.filter((name) => !architecture.includes(name));
    expect(missing).toEqual([]);
  });

  it('names every server module and web feature', () => {
    const modules = folders(path.join(src, 'modules')).filter(
      (name) => !architecture.includes(`modules/${name}/`),
    );
    const features = folders(path.join(root, 'apps', 'web', 'src', 'features')).filter(
      (name) => !architecture.includes(`features/${name}/`) && !architecture.includes(`\`${name}\``),
    );
    expect({ modules, features }).toEqual({ modules: [], features: [] });
  });
});
