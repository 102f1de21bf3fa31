import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm run ids -- check <file.ids> <file.ifc>` as a pipeline runs it: a process, its last line and its exit
 * code, on official test cases (pass, fail, invalid), a model that cannot be read and a wrong command; and
 * `--json` writing the full result.
 */
const CASES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/ids');
const CLI = path.resolve(import.meta.dirname, 'cli.ts');

function run(...args: string[]) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, INIT_CWD: CASES },
  });
  const lines = child.stdout.trim().split('\n');
  return { code: child.status, lines, last: lines.at(-1), stdout: child.stdout, stderr: child.stderr };
}
const both = (name: string) => [`${name}.ids`, `${name}.ifc`];

describe('npm run ids -- check', { timeout: 120_000 }, () => {
  it('passes a model that meets the IDS (exit 0)', () => {
    const out = run('check', ...both('entity/pass-a_matching_entity_should_pass'));
    expect(out.lines[0]).toBe(
      'PASS  [required] A matching entity should pass: 1 applicable, 1 passing, 0 failing',
    );
    expect(out.last).toBe('verdict: pass');
    expect(out.code).toBe(0);
  });

  it('fails a model that does not, naming the objects and why (exit 1)', () => {
    const out = run('check', ...both('entity/fail-a_predefined_type_from_an_enumeration_must_be_uppercase'));
    expect(out.lines[0]).toMatch(/^FAIL {2}\[required\] /);
    expect(out.stdout).toMatch(/IFCWALL: The predefined type SOLIDWALL is not 'solidwall'/);
    expect(out.last).toBe('verdict: fail');
    expect(out.code).toBe(1);
  });

  it('calls an invalid IDS invalid with the reason (exit 2)', () => {
    const out = run('check', ...both('entity/invalid-invalid_entities_always_fail'));
    expect(out.last).toMatch(/^verdict: invalid \(the IDS is not valid: .*IFCRABBIT is not an entity/);
    expect(out.code).toBe(2);
  });

  it('calls a model that cannot be read, a missing file and a wrong command invalid (exit 2)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ids-cli-'));
    const broken = path.join(dir, 'broken.ifc');
    fs.writeFileSync(broken, 'not a model');
    const unreadable = run('check', 'entity/pass-a_matching_entity_should_pass.ids', broken);
    expect(unreadable.last).toMatch(/^verdict: invalid \(the model cannot be read: /);
    expect(unreadable.code).toBe(2);
    expect(run('check', 'missing.ids', 'missing.ifc').code).toBe(2);
    const usage = run('verify');
    expect(usage.last).toBe(
      'verdict: invalid (usage: npm run ids -- check <file.ids> <file.ifc> [--json [file]])',
    );
    expect(usage.code).toBe(2);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the full result as JSON, to a file or to standard output', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ids-cli-'));
    const file = path.join(dir, 'result.json');
    const out = run('check', ...both('entity/pass-a_matching_entity_should_pass'), '--json', file);
    expect(out.last).toBe('verdict: pass');
    const written = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(written).toMatchObject({
      verdict: 'pass',
      result: { pass: true, specifications: [{ name: 'A matching entity should pass', applicable: 1 }] },
    });
    const piped = run(
      'check',
      ...both('entity/fail-a_predefined_type_from_an_enumeration_must_be_uppercase'),
      '--json',
    );
    expect(JSON.parse(piped.stdout)).toMatchObject({ verdict: 'fail', result: { pass: false } });
    expect(piped.stderr.trim().split('\n').at(-1)).toBe('verdict: fail');
    expect(piped.code).toBe(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
