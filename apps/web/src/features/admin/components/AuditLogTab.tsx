import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge, Button } from 'react-bootstrap';
import { AUDIT_ACTIONS, type AuditEntry, formatDate } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { fetchAuditPage } from '../api.ts';
import { ListTable } from '../../../components/ListDialog.tsx';

/** What an entry's detail says, in words: a refusal's reason, or what was changed. */
export function describeDetail(entry: AuditEntry): string {
  const detail = entry.detail ?? {};
  if (typeof detail.reason === 'string') return detail.reason;
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') || 'none' : String(value)}`)
    .join('; ');
}

/** Administration → Audit log: sign-ins, refused sign-ins and administrative actions, newest first. */
export function AuditLogTab() {
  const audit = useInfiniteQuery({
    queryKey: ['admin', 'audit'],
    queryFn: ({ pageParam }) => fetchAuditPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
  if (audit.isPending) return <Loading label="Loading the audit log..." />;
  if (audit.isError) return <ErrorAlert title="The audit log could not be loaded." error={audit.error} />;
  const entries = audit.data.pages.flatMap((page) => page.entries);
  return (
    <>
      <p className="text-secondary small">
        Every sign-in (and every refused one, with its reason), sign-out and administrative change, with who
        made it and from which address. Passwords are never recorded.
      </p>
      <ListTable
        size="sm"
        responsive
        hover
        className="align-middle"
        columns={['When', 'Who', 'What', 'On', 'Detail', 'Address']}
      >
        {entries.length === 0 && (
          <tr>
            <td colSpan={6} className="text-secondary">
              Nothing recorded yet.
            </td>
          </tr>
        )}
        {entries.map((entry) => (
          <tr key={entry.id} className={entry.outcome === 'refused' ? 'table-warning' : undefined}>
            <td className="text-nowrap">{formatDate(entry.at, 'date-time-seconds')}</td>
            <td>{entry.actorEmail ?? '–'}</td>
            <td>
              {AUDIT_ACTIONS[entry.action] ?? entry.action}{' '}
              {entry.outcome === 'refused' && (
                <Badge bg="warning" text="dark">
                  refused
                </Badge>
              )}
            </td>
            <td>{entry.target ?? ''}</td>
            <td>{describeDetail(entry)}</td>
            <td className="text-nowrap">{entry.ip ?? ''}</td>
          </tr>
        ))}
      </ListTable>
      {audit.hasNextPage && (
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage ? 'Loading...' : 'Older entries'}
        </Button>
      )}
    </>
  );
}
