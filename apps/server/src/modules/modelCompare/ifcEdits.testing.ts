/**
 * Edits of an IFC file's STEP text for the compare tests: an entity removed with every reference to it (from
 * the lists of relations, and relations left with nothing to relate deleted), lines replaced.
 */

const lineId = (line: string): number | null => {
  const match = /^#(\d+)\s*=/.exec(line);
  return match ? Number(match[1]) : null;
};

/** Removes `#id` from a line's reference lists; null when the line relates nothing any more. */
function dropReference(line: string, id: number): string | null {
  const ref = new RegExp(`#${id}(?!\\d)`);
  if (!ref.test(line)) return line;
  // in a list with others: drop it from the list
  let edited = line
    .replace(new RegExp(`\\(#${id}(?!\\d),`, 'g'), '(')
    .replace(new RegExp(`,#${id}(?!\\d)`, 'g'), '');
  if (!ref.test(edited)) return edited;
  // alone in a list, or a single attribute (a relation's relating object): the relation goes
  edited = edited.replace(new RegExp(`\\(#${id}(?!\\d)\\)`, 'g'), '()');
  return null;
}

export function editIfc(
  text: string,
  edits: {
    /** entities (express ids) to remove with their references */
    remove?: readonly number[];
    /** [the start of a line, how to change it]: each must match exactly one line */
    replace?: ReadonlyArray<readonly [string, (line: string) => string]>;
  },
): string {
  let lines = text.split(/\r?\n/);
  for (const [start, change] of edits.replace ?? []) {
    const at = lines.flatMap((line, index) => (line.startsWith(start) ? [index] : []));
    if (at.length !== 1) throw new Error(`'${start}' starts ${at.length} lines`);
    lines[at[0]!] = change(lines[at[0]!]!);
  }
  for (const id of edits.remove ?? []) {
    const before = lines.length;
    lines = lines.filter((line) => lineId(line) !== id);
    if (lines.length !== before - 1) throw new Error(`#${id} is not an entity of the file`);
    const kept: string[] = [];
    for (const line of lines) {
      const edited = lineId(line) === null ? line : dropReference(line, id);
      if (edited !== null) kept.push(edited);
    }
    lines = kept;
  }
  return lines.join('\n');
}
