/**
 * SIGKILL during a P&ID sketch save (savepidsketch: a few MB of lines, checked, then inserted or
 * overwritten with its history version in one transaction). After the restart a new sketch is there whole
 * (every line and point as sent) or absent; an overwritten one is wholly the old or wholly the new.
 */
import { outcomeOf, session, sleep, start, timed, type Api, type Result, type Target } from './common.ts';

type Saved = { DrawingName: string; Lines: Array<{ points: number[] }>; Texts: Array<{ text: string }> };

const LINES = 20;
const POINTS = 20_000;
const FRACTIONS = [0.15, 0.5, 0.8, 0.95];

/** The coordinates of one line of the sketch marked `mark`: each mark draws different lines. */
const pointsOf = (mark: string, line: number) => {
  const seed = [...mark].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  return Array.from({ length: POINTS }, (_, i) => Math.round((line * 37 + i * 0.731 + seed) * 100) / 100);
};

/** A sketch of 20 freehand lines of 10,000 points (400,000 coordinates, ~3 MB) marked with `mark`. */
function sketch(mark: string) {
  const lines = Array.from({ length: LINES }, (_, line) => ({
    id: `l${line}`,
    tool: 'pen',
    points: pointsOf(mark, line),
    colour: 'black',
  }));
  return {
    Texts: JSON.stringify([{ id: 't1', tool: 'text', x: 10, y: 10, text: mark }]),
    Lines: JSON.stringify(lines),
    StageSpec: JSON.stringify({ scale: 1, x: 0, y: 0 }),
  };
}

const save = (api: Api, drawingName: string, mark: string) => {
  const form = new FormData();
  form.append('Project', api.project.id);
  form.append('DrawingName', drawingName);
  for (const [field, value] of Object.entries(sketch(mark))) form.append(field, value);
  return api.api('/api/savepidsketch', { method: 'POST', body: form });
};

const list = (api: Api) => api.json<Saved[]>('POST', '/api/getpidsketch', { Project: api.project.id });

/** Which whole sketch is stored under the name: its mark, 'none', or 'DAMAGED'. */
function found(sketches: Saved[], baseName: string): string {
  const saved = sketches.filter((s) => s.DrawingName.startsWith(`${baseName} - `));
  if (saved.length === 0) return 'none';
  if (saved.length > 1) return 'DAMAGED (two rows)';
  const [only] = saved as [Saved];
  const mark = only.Texts[0]?.text ?? '';
  const whole =
    only.Texts.length === 1 &&
    only.Lines.length === LINES &&
    only.Lines.every((line, i) => {
      const expected = pointsOf(mark, i);
      return line.points.length === POINTS && line.points.every((value, j) => value === expected[j]);
    });
  return whole ? mark : 'DAMAGED';
}

export async function sketchFault(target: Target): Promise<Result> {
  let server = await start(target);
  let api = await session(server.url);
  const duration = await timed(() => save(api, 'Fault calibration - 25/11/2026, 09:00:00', 'calibration'));
  const outcomes: string[] = [];
  let ok = true;
  // new sketches, then overwrites of one saved before each kill
  for (const [round, fraction] of [...FRACTIONS, ...FRACTIONS].entries()) {
    const overwrite = round >= FRACTIONS.length;
    const baseName = overwrite ? `Fault overwrite ${round}` : `Fault sketch ${round}`;
    if (overwrite) await save(api, `${baseName} - 25/11/2026, 10:00:00`, 'old');
    const delay = Math.round(duration * fraction);
    const sent = outcomeOf(save(api, `${baseName} - 25/11/2026, 11:00:00`, 'new'));
    await sleep(delay);
    await server.kill();
    const answer = await sent;
    server = await start(target);
    api = await session(server.url);
    const state = found(await list(api), baseName);
    const allowed = overwrite ? ['old', 'new'] : ['none', 'new'];
    ok &&= allowed.includes(state) && (answer !== 'acknowledged' || state === 'new');
    const what =
      state === 'new'
        ? 'the new sketch whole'
        : state === 'old'
          ? 'the old sketch whole'
          : state === 'none'
            ? 'absent'
            : state;
    outcomes.push(`${overwrite ? 'overwrite' : 'new'}, after ${delay} ms: ${answer}, ${what}`);
  }
  await server.kill();
  return {
    fault: `SIGKILL during a P&ID sketch save (400,000 points, ${Math.round(duration)} ms unkilled)`,
    database: target.database,
    rounds: FRACTIONS.length * 2,
    outcome: outcomes.join('; '),
    ok,
  };
}
