const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as dd/mm/yyyy hh:mm in local time (the hub's and the project data panels'); '' when missing,
 * the text itself when unreadable.
 */
export function formatHubDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
