/**
 * The aims that `bench:model` does not measure itself, as lines for its Aims list, read from the
 * result files of the benches that do: aim 6 (the 500k-element plant, a one-off report, its conversion
 * alone takes about nine minutes) and aim 8 (`npm run bench -- schedule-export`, tools/bench/RESULTS.md).
 */
import fs from 'node:fs';
import path from 'node:path';

export function otherAims(repoRoot: string): string[] {
  return [scaleAim(repoRoot), scheduleAim(repoRoot)];
}

function scaleAim(repoRoot: string): string {
  const text = '6. A 500k-element plant converts and opens';
  const dir = path.join(repoRoot, 'bench/results');
  const reports = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^plant-500k-.*\.md$/.test(f)) : [];
  const latest = reports.sort().at(-1);
  if (!latest) return `- ${text}: **not measured** (no bench/results/plant-500k-*.md)`;
  const report = fs.readFileSync(path.join(dir, latest), 'utf8');
  const figure = (name: RegExp) =>
    new RegExp(`^\\| ${name.source}[^|]*\\| ([^|]+) \\|`, 'm').exec(report)?.[1]?.trim();
  const figures = [
    ['conversion', figure(/conversion/)],
    ['drawn', figure(/Penstock drawn/)],
    ['click', figure(/click to properties/)],
  ]
    .filter(([, value]) => value)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
  return `- ${text}: **reported** in bench/results/${latest}, not by this run (${figures})`;
}

function scheduleAim(repoRoot: string): string {
  const text = '8. POST /api/getreport for the 10k-valve schedule under 2 s';
  const file = path.join(repoRoot, 'tools/bench/RESULTS.md');
  const row = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .find((line) => line.includes('POST /api/getreport'))
    : undefined;
  const result = row?.split('|')[3]?.trim();
  if (!result) return `- ${text}: **not measured** (no row in tools/bench/RESULTS.md)`;
  const met = /: met\)/.test(result) ? 'met' : /not met/.test(result) ? 'not met' : 'see';
  return `- ${text}: **${met}** (${result.replace(/ \(aim[^)]*\)/, '')}; \`npm run bench -- schedule-export\`, tools/bench/RESULTS.md)`;
}
