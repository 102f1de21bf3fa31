/** Cut a label to `max` characters and mark the cut with '...' (project finder, project browser, tabs). */
export function truncateLabel(text: string, max: number | undefined): string {
  if (max === undefined || !Number.isFinite(max) || max <= 0) return text;
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
