/** Names as a sentence says them: 'A', 'A and B', 'A, B and C'. */
export function inWords(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
