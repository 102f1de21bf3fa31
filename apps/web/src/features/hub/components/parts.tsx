import type { ReactNode } from 'react';
import { Badge, Button, Spinner, Tab, Tabs } from 'react-bootstrap';
import type { UseQueryResult } from '@tanstack/react-query';
import { Loading } from '../../../components/Loading.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';

const STATUS_BG: Record<string, string> = {
  Approved: 'success',
  Rejected: 'danger',
  Pending: 'secondary',
  'In review': 'info',
  'Awaiting approval': 'warning',
  Withdrawn: 'dark',
};

/** A workflow's or participant's status as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  const bg = STATUS_BG[status] ?? 'secondary';
  return (
    <Badge bg={bg} text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}>
      {status}
    </Badge>
  );
}

/** A tab title with the number of rows of its list (a spinner while it loads, '!' when it failed). */
export function CountTitle({ label, query }: { label: string; query: UseQueryResult<readonly unknown[]> }) {
  return (
    <span className="d-inline-flex align-items-center gap-1">
      {label}{' '}
      {query.isPending && query.fetchStatus !== 'idle' ? (
        <Spinner animation="border" size="sm" aria-hidden="true" className="hub-count-spinner" />
      ) : query.isError ? (
        <Badge bg="danger" pill title="This list could not be loaded">
          <span aria-hidden="true">!</span>
          <span className="visually-hidden">(not loaded)</span>
        </Badge>
      ) : (
        <Badge bg={query.data?.length ? 'primary' : 'secondary'} pill>
          {query.data?.length ?? 0}
        </Badge>
      )}
    </span>
  );
}

/** A remote list: a spinner while it loads, the server's error with Try again, else the rows. */
export function QueryList<T>({
  query,
  loadingLabel,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  errorTitle: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (query.isError)
    return (
      <div>
        <ErrorAlert error={query.error} title={errorTitle} />
        <Button size="sm" variant="outline-secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  return <>{children(query.data)}</>;
}

/** A row button that opens something; shows a spinner while that row is opening. */
export function OpenButton({
  label,
  title,
  icon,
  busy,
  disabled,
  onClick,
  variant = 'primary',
}: {
  label: string;
  title: string;
  icon: ReactNode;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
  variant?: string;
}) {
  return (
    <Button size="sm" variant={variant} title={title} disabled={disabled} onClick={onClick}>
      {busy ? <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" /> : icon}
      {label}
    </Button>
  );
}

/**
 * A hub tab's inner tabs, one a list: each titled with its count, loading and failing alike, then its
 * table as the caller draws it.
 */
export function ListTabs<K extends string, T, L extends { list: K; title: string }>({
  id,
  lists,
  queries,
  children,
}: {
  id: string;
  lists: ReadonlyArray<L>;
  queries: Record<K, UseQueryResult<T[]>>;
  children: (config: L, rows: T[]) => ReactNode;
}) {
  return (
    <Tabs defaultActiveKey={lists[0]?.list} id={id} className="mb-2" mountOnEnter>
      {lists.map((config) => (
        <Tab
          key={config.list}
          eventKey={config.list}
          title={<CountTitle label={config.title} query={queries[config.list]} />}
        >
          <QueryList
            query={queries[config.list]}
            loadingLabel={`Loading ${config.title.toLowerCase()}...`}
            errorTitle={`${config.title} could not be loaded.`}
          >
            {(rows) => children(config, rows)}
          </QueryList>
        </Tab>
      ))}
    </Tabs>
  );
}
