import { useMemo, useState } from 'react';
import { Accordion, Form, Modal } from 'react-bootstrap';
import { FaMagnifyingGlass } from 'react-icons/fa6';
import {
  SYMBOL_CATALOGUE,
  SYMBOL_GROUPS,
  searchSymbols,
  symbolStaticProps,
  type SymbolCatalogueEntry,
} from '@penstock/shared';
import { useCopy } from '../hooks/useCopy.ts';
import { useOpenGroups } from '../hooks/useOpenGroups.ts';
import { CopiedNote, CopyCell } from './CopiedNote.tsx';
import '../legend.css';
import { ListTable } from '../../../components/ListDialog.tsx';

/** The symbol's image address, absolute so it can be pasted into another tool. */
const imageUrl = (src: string) =>
  typeof window === 'undefined' ? src : new URL(src, window.location.origin).href;

function GroupTable({
  symbols,
  onCopy,
}: {
  symbols: readonly SymbolCatalogueEntry[];
  onCopy: (text: string) => void;
}) {
  return (
    <ListTable
      size="sm"
      hover
      bordered
      className="legend-table library-table mb-0"
      columns={['Symbol', 'Item', 'Static Properties']}
    >
      {symbols.map((symbol) => {
        const props = symbolStaticProps(symbol);
        return (
          <tr key={symbol.id}>
            <CopyCell text={imageUrl(symbol.src)} onCopy={onCopy} className="library-symbol">
              <img
                className="legend-symbol-img"
                src={symbol.src}
                alt={symbol.category}
                loading="lazy"
                decoding="async"
              />
            </CopyCell>
            <CopyCell text={symbol.category} onCopy={onCopy} />
            <CopyCell text={props.join('\n')} onCopy={onCopy}>
              {props.length > 0 && (
                <ul className="list-unstyled mb-0 small">
                  {props.map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
              )}
            </CopyCell>
          </tr>
        );
      })}
    </ListTable>
  );
}

/** The search bar (fixed above the scrolling list) and the accordion of groups. */
function SymbolLibraryBody() {
  const [query, setQuery] = useState('');
  const { open, seen, setOpen, onSelect } = useOpenGroups();
  const { note, copy } = useCopy();
  const searching = query.trim() !== '';
  const matches = useMemo(() => searchSymbols(SYMBOL_CATALOGUE, query), [query]);
  // Without a search every one of the 26 groups is listed, in order, even one without symbols.
  const groups = searching
    ? matches
    : SYMBOL_GROUPS.map((group) => ({
        group,
        symbols: matches.find((m) => m.group === group)?.symbols ?? [],
      }));
  const onSearch = (text: string) => {
    setQuery(text);
    // A search opens every group with a match; clearing it folds them again.
    setOpen(text.trim() ? searchSymbols(SYMBOL_CATALOGUE, text).map((m) => m.group) : []);
  };
  return (
    <>
      <div className="library-toolbar d-flex flex-wrap align-items-center gap-3 px-3 py-2 border-bottom">
        <div className="input-group library-search">
          <span className="input-group-text">
            <FaMagnifyingGlass aria-hidden="true" />
          </span>
          <Form.Control
            type="search"
            placeholder="Search items"
            aria-label="Search items"
            value={query}
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
        <span className="small text-secondary">
          {searching
            ? `${matches.reduce((n, m) => n + m.symbols.length, 0)} of ${SYMBOL_CATALOGUE.length} symbols`
            : `${SYMBOL_CATALOGUE.length} symbols in ${SYMBOL_GROUPS.length} groups`}
          . Click a cell to copy it.
        </span>
      </div>
      <Modal.Body>
        {searching && matches.length === 0 && (
          <p className="text-secondary">No symbol matches &lsquo;{query.trim()}&rsquo;.</p>
        )}
        <Accordion alwaysOpen activeKey={open} onSelect={onSelect} className="legend-accordion">
          {groups.map(({ group, symbols }) => (
            <Accordion.Item eventKey={group} key={group}>
              <Accordion.Header>
                {group} <span className="badge text-bg-secondary fw-normal ms-2">{symbols.length}</span>
              </Accordion.Header>
              <Accordion.Body className="p-2">
                {(seen.has(group) || open.includes(group)) &&
                  (symbols.length > 0 ? (
                    <GroupTable symbols={symbols} onCopy={(text) => void copy(text)} />
                  ) : (
                    <p className="small text-secondary mb-0">No symbols in this group yet.</p>
                  ))}
              </Accordion.Body>
            </Accordion.Item>
          ))}
        </Accordion>
      </Modal.Body>
      <CopiedNote note={note} />
    </>
  );
}

/** The P&ID Symbol Library (spec 2, §2): the 26 groups, each a table of Symbol, Item and Static Properties. */
export function SymbolLibraryModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <Modal show={show} onHide={onHide} size="xl" scrollable aria-labelledby="symbol-library-title">
      <Modal.Header closeButton>
        <Modal.Title id="symbol-library-title">P&amp;ID Symbol Library</Modal.Title>
      </Modal.Header>
      <SymbolLibraryBody />
    </Modal>
  );
}
