/**
 * `npm run ids -- check <file.ids> <file.ifc> [--json [file]]`: the checker Penstock's server runs, for
 * designers who check before they upload and for pipelines. Prints each specification's result and ends with
 * one line: `verdict: pass` (exit 0), `verdict: fail` (exit 1) or `verdict: invalid (<reason>)` (exit 2: an
 * IDS that is not valid IDS 1.0, a model that cannot be read, or a wrong command). `--json` writes the full
 * result as JSON: to the file named after it, or to standard output (the text then goes to standard error).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IfcFile } from './ifc.ts';
import { checkModel, type CheckResult, type SpecificationResult } from './check.ts';
import { readIds } from './index.ts';

const USAGE = 'usage: npm run ids -- check <file.ids> <file.ifc> [--json [file]]';

export interface CliResult {
  code: 0 | 1 | 2;
  verdict: 'pass' | 'fail' | 'invalid';
  reason?: string;
  result?: CheckResult;
}

const specLine = (spec: SpecificationResult): string => {
  const counts = `${spec.applicable} applicable, ${spec.passed} passing, ${spec.failed.length} failing`;
  return `${spec.pass ? 'PASS' : 'FAIL'}  [${spec.usage}] ${spec.name}: ${counts}${spec.reason ? ` (${spec.reason})` : ''}`;
};

/** Runs the command on its arguments; `print` receives the human-readable lines. */
export async function runCli(args: readonly string[], print: (line: string) => void): Promise<CliResult> {
  const invalid = (reason: string): CliResult => ({ code: 2, verdict: 'invalid', reason });
  const [command, idsPath, ifcPath, ...rest] = args;
  if (command !== 'check' || !idsPath || !ifcPath || (rest.length && rest[0] !== '--json') || rest.length > 2)
    return invalid(USAGE);
  // paths as the person typed them: npm runs scripts in the repository's folder, INIT_CWD is theirs
  const where = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let xml: string;
  let bytes: Uint8Array;
  try {
    xml = fs.readFileSync(where(idsPath), 'utf8');
    bytes = new Uint8Array(fs.readFileSync(where(ifcPath)));
  } catch (error) {
    return invalid((error as Error).message);
  }
  const reading = await readIds(xml);
  if (!reading.valid) {
    for (const problem of reading.problems) print(`IDS: ${problem}`);
    return invalid(`the IDS is not valid: ${reading.problems[0] ?? 'no reason given'}`);
  }
  let file: IfcFile;
  try {
    file = await IfcFile.open(bytes);
  } catch (error) {
    return invalid(`the model cannot be read: ${(error as Error).message}`);
  }
  try {
    const result = checkModel(file, reading.document);
    for (const spec of result.specifications) {
      print(specLine(spec));
      for (const element of spec.failed.slice(0, 5))
        print(
          `      ${element.globalId ?? `#${element.expressId}`} ${element.ifcClass}: ${element.reasons.join('; ')}`,
        );
      if (spec.failed.length > 5) print(`      … and ${spec.failed.length - 5} more`);
    }
    return { code: result.pass ? 0 : 1, verdict: result.pass ? 'pass' : 'fail', result };
  } finally {
    file.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.indexOf('--json');
  const jsonFile = json >= 0 ? args[json + 1] : undefined;
  const jsonToStdout = json >= 0 && !jsonFile;
  const out = (line: string) => (jsonToStdout ? process.stderr : process.stdout).write(`${line}\n`);
  const outcome = await runCli(args, out);
  if (json >= 0) {
    const text = JSON.stringify(
      { verdict: outcome.verdict, reason: outcome.reason ?? null, result: outcome.result ?? null },
      null,
      2,
    );
    if (jsonFile)
      fs.writeFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), jsonFile), `${text}\n`);
    else process.stdout.write(`${text}\n`);
  }
  out(`verdict: ${outcome.verdict}${outcome.reason ? ` (${outcome.reason})` : ''}`);
  process.exitCode = outcome.code;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
