/** The text of each symbol file, fetched once per page (a symbol is usually placed many times). */
const cache = new Map<string, Promise<string>>();

/** Only the library's own files are fetched: '/symbols/<group>/<name>.svg'. */
const SYMBOL_PATH = /^\/symbols\/[a-z0-9-]+\/[a-z0-9-]+\.svg$/;

export function symbolFileText(src: string): Promise<string> {
  const cached = cache.get(src);
  if (cached) return cached;
  const loading = (async () => {
    if (!SYMBOL_PATH.test(src)) throw new Error(`'${src.slice(0, 80)}' is not a library symbol`);
    let response: Response;
    try {
      response = await fetch(src, { credentials: 'same-origin', headers: { Accept: 'image/svg+xml' } });
    } catch {
      throw new Error('The symbol library cannot be reached. Check your connection and try again.');
    }
    if (!response.ok) throw new Error(`The symbol ${src} could not be loaded (${response.status})`);
    return response.text();
  })();
  cache.set(src, loading);
  // a failure is not remembered: the next export tries again
  loading.catch(() => cache.delete(src));
  return loading;
}

/** The texts of several symbol files by src, fetched in parallel. */
export async function symbolFileTexts(sources: readonly string[]): Promise<Map<string, string>> {
  const texts = await Promise.all(sources.map((src) => symbolFileText(src)));
  return new Map(sources.map((src, index) => [src, texts[index]!]));
}

/** Forget every fetched file (tests). */
export function clearSymbolFileCache(): void {
  cache.clear();
}
