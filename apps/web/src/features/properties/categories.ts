/** The configured category list (`filterCategoryWhitelist.json`: `[{type}]` entries or plain names). */
export function categoryList(config: unknown): string[] {
  if (!Array.isArray(config)) return [];
  return config
    .map((entry: unknown) =>
      typeof entry === 'string'
        ? entry
        : entry && typeof entry === 'object' && 'type' in entry && typeof entry.type === 'string'
          ? entry.type
          : '',
    )
    .filter((name) => name !== '');
}

/** Only web and same-site addresses become clickable links. */
export const safeHref = (value: string): string | null =>
  /^(https?:\/\/|\/(?!\/))/i.test(value.trim()) ? value.trim() : null;
