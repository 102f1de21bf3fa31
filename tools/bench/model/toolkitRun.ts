/**
 * `npm run bench:model -- --toolkit`: only the toolkit rows (issue 33 §6), without the whole model bench.
 * The plant is generated (the largest of --sizes, 100k by default; 2,000 with --quick), uploaded to a fresh
 * Penstock with the federated fixtures and converted there; the bare loads use the .frag files Penstock
 * serves. Writes bench/results/toolkit-<date>.md (not latest.md, which holds the whole bench).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePlantIfc } from '@penstock/plantgen';
import { browserMemoryMethod } from './browser.ts';
import { startBenchPage } from './pageBench.ts';
import { buildWebApp, startServer } from './penstockServer.ts';
import { repoRoot } from './serverBench.ts';
import { FEDERATED_FIXTURES, benchToolkit, type ToolkitModel } from './toolkitBench.ts';
import { renderToolkit, toolkitAims } from './toolkitReport.ts';

export async function runToolkitOnly(options: {
  tmp: string;
  /** keep the converted models in tmp (models.json names them) and use them again in the next run */
  keep: boolean;
  /** the rows to run: federation, clicks, snap, section */
  rows: Set<string>;
  plantElements: number;
  fixtureDir: string;
  runs: number;
  timeoutMs: number;
  conversionTimeoutMs: number;
  log: (message: string) => void;
}): Promise<void> {
  const { tmp, keep, rows, plantElements, fixtureDir, runs, timeoutMs, conversionTimeoutMs, log } = options;
  fs.mkdirSync(tmp, { recursive: true });
  const load = [os.loadavg()[0]!];
  const name = `plant-${plantElements >= 1000 ? `${plantElements / 1000}k` : plantElements}.ifc`;
  const plantFile = path.join(tmp, name);
  const savedFile = path.join(tmp, `models-${plantElements}.json`);
  const saved =
    keep && fs.existsSync(savedFile)
      ? (JSON.parse(fs.readFileSync(savedFile, 'utf8')) as ToolkitModel[])
      : null;
  if (!saved) {
    log(`generating ${name}`);
    writePlantIfc(plantFile, { elements: plantElements, seed: 7 });
  }
  const files = [
    plantFile,
    ...FEDERATED_FIXTURES.map((f) => path.join(fixtureDir, f)).filter((f) => fs.existsSync(f)),
  ];

  const page = await startBenchPage(tmp);
  let markdownBody: string;
  try {
    log('building the web app and starting Penstock');
    const webDist = path.join(tmp, 'web');
    await buildWebApp(webDist, path.join(tmp, 'vite-cache-web'));
    const dataDir = path.join(tmp, keep ? `data-${plantElements}` : 'data');
    if (!saved) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    const server = await startServer(dataDir, webDist);
    try {
      const models: ToolkitModel[] = saved ?? [];
      if (saved) log(`using the models converted before (${savedFile})`);
      for (const file of saved ? [] : files) {
        log(`uploading ${path.basename(file)} to Penstock and waiting for its conversion`);
        const versionId = await server.upload(file);
        await server.waitConverted(versionId, conversionTimeoutMs);
        const response = await fetch(`${server.url}/api/models/${versionId}/fragments`, {
          headers: { cookie: server.cookie },
        });
        if (!response.ok) throw new Error(`fragments of ${path.basename(file)}: ${response.status}`);
        const fragPath = path.join(tmp, `${path.basename(file, '.ifc')}.frag`);
        fs.writeFileSync(fragPath, Buffer.from(await response.arrayBuffer()));
        models.push({ name: path.basename(file), versionId, fragPath });
      }
      if (keep && !saved) fs.writeFileSync(savedFile, JSON.stringify(models));
      const [plant, ...fixtures] = models;
      const result = await benchToolkit({
        page,
        server,
        plant: plant!,
        fixtures,
        runs,
        rows,
        timeoutMs,
        log,
      });
      markdownBody = `${renderToolkit(result)}\n\n## Aims\n\n${toolkitAims(result).join('\n')}`;
    } finally {
      await server.stop();
    }
  } finally {
    await page.close();
  }
  load.push(os.loadavg()[0]!);

  const cpus = os.cpus();
  const markdown = [
    `# Model benchmark: the toolkit rows (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `\`npm run bench:model -- ${process.argv.slice(2).join(' ')}\` on ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${load[0]!.toFixed(1)} at the start and ${load[1]!.toFixed(1)} at the end (figures taken under other load are slower and noisier), headless Chromium (SwiftShader: compare browser figures as ratios within this run).`,
    '',
    `- Browser peak memory: ${browserMemoryMethod}; a fresh browser per measurement.`,
    `- The models are converted by this Penstock; the bare loads (the bench page's FragmentsModels load, as row (a) of the whole bench) load the .frag files it serves. Browser times include the download from a local server.`,
    '',
    markdownBody,
    '',
  ].join('\n');
  const outDir = path.join(repoRoot, 'bench/results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `toolkit-${new Date().toISOString().slice(0, 10)}.md`), markdown);
  console.log(markdown);
}
