import type { Viewable } from '../api.ts';

/** Page names: the 2D viewables by page, else 'Page 1', 'Page 2', ... for the document's pages. */
export function pageNames(viewables: readonly Viewable[], pageCount: number): string[] {
  const pages = viewables
    .filter((viewable) => viewable.role === '2d' && viewable.page !== undefined)
    .sort((a, b) => (a.page ?? 0) - (b.page ?? 0))
    .map((viewable) => viewable.name);
  if (pages.length >= pageCount && pages.length > 0) return pages;
  return Array.from({ length: pageCount }, (_, index) => pages[index] ?? `Page ${index + 1}`);
}

export function PdfPageList({
  names,
  current,
  onSelect,
}: {
  names: readonly string[];
  current: number;
  onSelect: (index: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="pdf-pages">
      <h2 className="h6 px-2 pt-2">Pages</h2>
      <ul className="list-unstyled mb-0">
        {names.map((name, index) => (
          <li key={`${index}-${name}`}>
            <button
              type="button"
              className={`pdf-page-link ${index === current ? 'active' : ''}`}
              aria-current={index === current ? 'page' : undefined}
              onClick={() => onSelect(index)}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
