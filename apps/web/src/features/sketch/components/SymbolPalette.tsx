import { useMemo, useState } from 'react';
import { Accordion, Carousel, Form } from 'react-bootstrap';
import {
  SYMBOL_CATALOGUE,
  carouselItemsPerSlide,
  searchSymbols,
  type SymbolCatalogueEntry,
} from '@penstock/shared';
import { useWindowSize } from '../hooks/useWindowSize.ts';
import { SYMBOL_DRAG_TYPE } from './SketchCanvas.tsx';

function chunk<T>(items: readonly T[], size: number): T[][] {
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += size) slides.push(items.slice(i, i + size));
  return slides;
}

/** A symbol chosen in the library, to be placed by a click or tap on the canvas (or Enter there). */
export interface ChosenSymbol {
  id: string;
  src: string;
  category: string;
}
type Choose = (symbol: ChosenSymbol | null, how: 'pointer' | 'keyboard') => void;

/**
 * A symbol: dragged onto the canvas, or chosen by a click, a tap, Enter or Space (site tablets have no
 * drag), which the canvas then places; choosing it again cancels the choice.
 */
function SymbolTile({
  symbol,
  chosen,
  onChoose,
}: {
  symbol: SymbolCatalogueEntry;
  chosen: boolean;
  onChoose: Choose;
}) {
  const choose = (how: 'pointer' | 'keyboard') =>
    onChoose(chosen ? null : { id: symbol.id, src: symbol.src, category: symbol.category }, how);
  return (
    <figure
      className={`sketch-symbol m-0 text-center${chosen ? ' sketch-symbol-chosen' : ''}`}
      draggable
      role="button"
      tabIndex={0}
      aria-pressed={chosen}
      aria-label={symbol.category}
      title={`Drag '${symbol.category}' onto the canvas, or choose it and click the canvas`}
      onClick={() => choose('pointer')}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        choose('keyboard');
      }}
      onDragStart={(event) => {
        event.dataTransfer.setData(SYMBOL_DRAG_TYPE, JSON.stringify({ id: symbol.id, src: symbol.src }));
        event.dataTransfer.effectAllowed = 'copy';
      }}
      data-symbol-id={symbol.id}
    >
      <img src={symbol.src} alt={symbol.category} width={56} height={56} draggable={false} loading="lazy" />
      <figcaption>{symbol.category}</figcaption>
    </figure>
  );
}

/** The symbols of one group as a carousel of 1 to 4 items per slide, by screen width (spec §2, §9). */
function SymbolCarousel({
  symbols,
  chosen,
  onChoose,
}: {
  symbols: SymbolCatalogueEntry[];
  chosen: ChosenSymbol | null;
  onChoose: Choose;
}) {
  const { width } = useWindowSize();
  const perSlide = carouselItemsPerSlide(width);
  const slides = chunk(symbols, perSlide);
  const [index, setIndex] = useState(0);
  const active = Math.min(index, slides.length - 1);
  return (
    <Carousel
      className="sketch-carousel"
      activeIndex={active}
      onSelect={setIndex}
      interval={null}
      indicators={false}
      controls={slides.length > 1}
      variant="dark"
      touch
    >
      {slides.map((slide) => (
        <Carousel.Item key={slide[0]?.id}>
          <div className="d-flex justify-content-center gap-1 px-4">
            {slide.map((symbol) => (
              <div key={symbol.id} style={{ width: `${100 / perSlide}%` }}>
                <SymbolTile symbol={symbol} chosen={chosen?.id === symbol.id} onChoose={onChoose} />
              </div>
            ))}
          </div>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}

/**
 * Step 3's symbol search and the symbols by group, dragged or chosen and placed with a click. The search is case-insensitive (the spec's
 * version lower-cased only the names, so capitals never matched) and hides groups with no match.
 */
export function SymbolPalette({ chosen, onChoose }: { chosen: ChosenSymbol | null; onChoose: Choose }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const groups = useMemo(() => searchSymbols(SYMBOL_CATALOGUE, text), [text]);
  const searching = text.trim() !== '';
  return (
    <div className="sketch-palette">
      <Form.Control
        type="search"
        size="sm"
        placeholder="Search items"
        aria-label="Search items"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="mb-2"
      />
      {groups.length === 0 && <p className="small text-secondary">No symbol matches '{text}'.</p>}
      <Accordion
        activeKey={open ?? (searching ? groups[0]?.group : null)}
        onSelect={(key) => setOpen((key as string) ?? null)}
      >
        {groups.map(({ group, symbols }) => {
          const shown = (open ?? (searching ? groups[0]?.group : null)) === group;
          return (
            <Accordion.Item eventKey={group} key={group}>
              <Accordion.Header>
                {group} <span className="ms-1 text-secondary small">({symbols.length})</span>
              </Accordion.Header>
              <Accordion.Body className="p-1">
                {shown && <SymbolCarousel symbols={symbols} chosen={chosen} onChoose={onChoose} />}
              </Accordion.Body>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </div>
  );
}
