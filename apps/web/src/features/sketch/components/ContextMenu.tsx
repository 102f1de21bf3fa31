import { useEffect } from 'react';
import { ListGroup } from 'react-bootstrap';
import type { ZMove } from '@penstock/shared';

export type ContextMenuAction = 'copy' | 'delete' | 'colour' | ZMove;

const ITEMS: Array<{ action: ContextMenuAction; label: string }> = [
  { action: 'copy', label: 'Copy' },
  { action: 'delete', label: 'Delete' },
  { action: 'colour', label: 'Update Colour' },
  { action: 'up', label: 'Move Up' },
  { action: 'down', label: 'Move Down' },
  { action: 'top', label: 'To Top' },
  { action: 'bottom', label: 'To Bottom' },
];

/** The right-click menu on a shape (spec §2): Update Colour is hidden for images. */
export function ContextMenu({
  x,
  y,
  canColour,
  onAction,
  onClose,
}: {
  x: number;
  y: number;
  canColour: boolean;
  onAction: (action: ContextMenuAction) => void;
  onClose: () => void;
}) {
  useEffect(() => {
    const close = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [onClose]);
  return (
    <ListGroup
      role="menu"
      aria-label="Shape menu"
      className="sketch-context-menu position-absolute shadow-sm small"
      style={{ left: x, top: y, zIndex: 10, minWidth: 150 }}
    >
      {ITEMS.filter((item) => item.action !== 'colour' || canColour).map((item) => (
        <ListGroup.Item
          key={item.action}
          action
          role="menuitem"
          className="py-1"
          onClick={() => onAction(item.action)}
        >
          {item.label}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
