import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { FaCaretDown, FaTableColumns } from 'react-icons/fa6';

const ITEM_SELECTOR = '[role="menuitemcheckbox"]:not([disabled])';

/**
 * One side panel's toggle inside the toolbar's Panels menu: a menu item that is checked while its panel is
 * open. Outside a menu (a feature's own test) it is still a plain, clickable element with that name.
 */
export function PanelMenuItem({
  label,
  title,
  Icon,
  open,
  disabled = false,
  onSelect,
}: {
  label: string;
  title: string;
  Icon: IconType;
  open: boolean;
  disabled?: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      aria-checked={open}
      className={`dropdown-item d-flex align-items-center panels-menu-item${open ? ' active' : ''}`}
      title={title}
      disabled={disabled}
      tabIndex={-1}
      onClick={onSelect}
    >
      <Icon aria-hidden="true" className="me-2" />
      {label}
    </button>
  );
}

/**
 * The toolbar's 'Panels' menu button (issue 31 item 16): the side panels that are opened less often share one
 * button so the toolbar fits one line at 1280 px. A WAI-ARIA menu button: Enter, Space or ArrowDown opens it
 * on the first item (ArrowUp on the last), the arrows, Home and End move, Escape and Tab close it, and Escape
 * or choosing an item returns the focus to the button.
 */
export function PanelsMenu({ anyOpen, children }: { anyOpen: boolean; children: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
  const open = (focus: 'first' | 'last') => {
    pendingFocus.current = focus;
    setExpanded(true);
  };
  const close = (refocus: boolean) => {
    setExpanded(false);
    if (refocus) buttonRef.current?.focus();
  };

  // the items exist only once the menu is shown: the focus moves to the asked one after that render
  useEffect(() => {
    if (!expanded || !pendingFocus.current) return;
    const list = items();
    (pendingFocus.current === 'first' ? list[0] : list[list.length - 1])?.focus();
    pendingFocus.current = null;
  }, [expanded]);

  // a pointer press outside closes the menu, as a native menu does
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setExpanded(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      open('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => list[(to + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        // the focus goes on to the next toolbar control, the menu closes behind it
        setExpanded(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className="panels-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`btn btn-sm ${anyOpen ? 'btn-primary' : 'btn-light'} viewer-tool`}
        aria-haspopup="menu"
        aria-expanded={expanded}
        aria-controls={expanded ? menuId : undefined}
        title="Open or close a side panel"
        onKeyDown={onButtonKeyDown}
        // Enter and Space are taken in onKeyDown (they open on the first item), so this is a pointer's click
        onClick={() => (expanded ? close(false) : open('first'))}
      >
        <FaTableColumns aria-hidden="true" className="me-1" />
        Panels
        <FaCaretDown aria-hidden="true" className="ms-1" />
      </button>
      {expanded && (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label="Panels"
          className="dropdown-menu show panels-menu-list shadow-sm"
          onKeyDown={onMenuKeyDown}
          // choosing an item opens its panel and closes the menu, the focus back on the button
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('[role="menuitemcheckbox"]')) close(true);
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}
