import type { ElementType, ReactNode } from 'react';
import { Modal, Table, type ModalProps, type TableProps } from 'react-bootstrap';
import { ErrorAlert } from './ErrorAlert.tsx';
import { Loading } from './Loading.tsx';

/**
 * The shell of the app's list dialogs (versions, deleted items, form history, legend keys, additional
 * courses): a modal titled for screen readers, its body, and an optional footer.
 */
export function ListDialog({
  show = true,
  onHide,
  titleId,
  title,
  titleAs,
  titleClassName,
  size,
  scrollable,
  footer,
  children,
}: {
  show?: boolean;
  onHide: () => void;
  titleId: string;
  title: ReactNode;
  titleAs?: ElementType;
  titleClassName?: string;
  size?: ModalProps['size'];
  scrollable?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal show={show} onHide={onHide} size={size} scrollable={scrollable} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as={titleAs} className={titleClassName}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      {footer && <Modal.Footer>{footer}</Modal.Footer>}
    </Modal>
  );
}

/** A column heading: its text, or a heading only screen readers hear (an actions column). */
export type ListColumn = string | { label: string; hidden?: boolean; className?: string };

/** A list's table: the column headings, then the rows given as children. */
export function ListTable({
  columns,
  children,
  ...table
}: TableProps & { columns: readonly ListColumn[]; children: ReactNode }) {
  return (
    <Table {...table}>
      <thead>
        <tr>
          {columns.map((column) => {
            const { label, hidden, className } = typeof column === 'string' ? { label: column } : column;
            return (
              <th key={label} scope="col" className={className}>
                {hidden ? <span className="visually-hidden">{label}</span> : label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  );
}

/** What a list's query reads like (a TanStack query result fits). */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: readonly T[] | undefined;
}

/**
 * A loaded list's states: loading, the load's error, an empty list's note (when given), else the list.
 * As before each dialog had its own: an error beside rows still held is shown with them.
 */
export function ListStates<T>({
  list,
  loading,
  errorTitle,
  describeError = (error) => error,
  empty,
  children,
}: {
  list: ListQuery<T>;
  loading: string;
  errorTitle?: string;
  describeError?: (error: unknown) => unknown;
  empty?: ReactNode;
  children: (rows: readonly T[]) => ReactNode;
}) {
  return (
    <>
      {list.isPending && <Loading label={loading} />}
      {list.isError && <ErrorAlert title={errorTitle} error={describeError(list.error)} />}
      {list.data && (empty !== undefined && list.data.length === 0 ? empty : children(list.data))}
    </>
  );
}
