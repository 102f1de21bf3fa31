import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProject, AdminUser, AuditEntry } from '@penstock/shared';
import { calls, mockFetch, type Routes } from '../../../test/fetchMock.ts';
import { admin, signedInRoutes } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const users: AdminUser[] = [
  { ...admin, disabled: false },
  {
    id: 'u2',
    name: 'Erin Walsh',
    email: 'erin@example.com',
    picture: null,
    disabled: false,
    roles: ['practitioner'],
  },
];
const riverside: AdminProject = {
  id: 'b.1',
  name: 'Riverside',
  createdAt: '2026-11-21T10:00:00.000Z',
  members: [{ userId: 'u0', name: 'Grace Hopper', email: 'ada@example.com', role: 'manager' }],
};

const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));

function adminRoutes(extra: Routes = {}): Routes {
  return {
    ...signedInRoutes(admin),
    '/api/admin/users': { json: users },
    '/api/admin/projects': { json: [riverside] },
    ...extra,
  };
}

describe('administration', () => {
  it('is only for administrators', async () => {
    mockFetch(signedInRoutes());
    renderApp({ path: '/admin' });
    expect(await screen.findByText('You need the administrator role to use this page.')).toBeInTheDocument();
  });

  it('lists users with their roles and status', async () => {
    mockFetch(adminRoutes());
    renderApp({ path: '/admin' });
    const row = (await screen.findByRole('cell', { name: 'Erin Walsh' })).closest('tr')!;
    expect(within(row).getByText('erin@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Practitioner')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
  });

  it('creates a user and reloads the list', async () => {
    let created: unknown;
    const fetchMock = mockFetch(
      adminRoutes({
        'POST /api/admin/users': (init) => {
          created = bodyOf(init);
          return {
            status: 201,
            json: { ...users[1], id: 'u3', name: 'Sam Carter', email: 'sam@example.com' },
          };
        },
      }),
    );
    renderApp({ path: '/admin' });
    await screen.findByRole('cell', { name: 'Erin Walsh' });
    await userEvent.type(screen.getByLabelText('Name'), 'Sam Carter');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a-long-password');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Supplier register manager' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Sam Carter can now sign in with sam@example.com.')).toBeInTheDocument();
    expect(created).toEqual({
      name: 'Sam Carter',
      email: 'sam@example.com',
      password: 'a-long-password',
      roles: ['supplier_register_manager'],
    });
    await waitFor(() =>
      expect(calls(fetchMock).filter((call) => call === 'GET /api/admin/users')).toHaveLength(2),
    );
  });

  it("shows the server's error message", async () => {
    mockFetch(adminRoutes({ 'POST /api/admin/users': { status: 409, error: 'That email is already used' } }));
    renderApp({ path: '/admin' });
    await screen.findByRole('cell', { name: 'Erin Walsh' });
    await userEvent.type(screen.getByLabelText('Name'), 'Erin Again');
    await userEvent.type(screen.getByLabelText('Email'), 'erin@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('That email is already used')).toBeInTheDocument();
  });

  it('disables a user and resets a password', async () => {
    let patch: unknown;
    let password: unknown;
    mockFetch(
      adminRoutes({
        'PATCH /api/admin/users/u2': (init) => {
          patch = bodyOf(init);
          return { json: { ...users[1], disabled: true } };
        },
        'POST /api/admin/users/u2/password': (init) => {
          password = bodyOf(init);
          return { status: 204, json: null };
        },
      }),
    );
    renderApp({ path: '/admin' });
    const row = (await screen.findByRole('cell', { name: 'Erin Walsh' })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(patch).toEqual({ disabled: true }));

    await userEvent.click(within(row).getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('New password'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(within(dialog).getByText('Passwords need at least 10 characters')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('New password'), '-but-longer-now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText(/has been changed/)).toBeInTheDocument();
    expect(password).toEqual({ password: 'short-but-longer-now' });
  });

  it('manages project members', async () => {
    let put: unknown;
    let removed = false;
    mockFetch(
      adminRoutes({
        'PUT /api/admin/projects/b.1/members': (init) => {
          put = bodyOf(init);
          return { json: riverside };
        },
        'DELETE /api/admin/projects/b.1/members/u0': () => {
          removed = true;
          return { json: { ...riverside, members: [] } };
        },
      }),
    );
    renderApp({ path: '/admin' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Projects' }));
    expect(await screen.findByRole('heading', { name: 'Members of Riverside' })).toBeInTheDocument();
    await userEvent.selectOptions(await screen.findByLabelText('User'), 'u2');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'viewer');
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    await waitFor(() => expect(put).toEqual({ userId: 'u2', role: 'viewer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    await waitFor(() => expect(removed).toBe(true));
  });

  it('shows the audit log, refusals marked with their reason, and pages back to older entries', async () => {
    const entry = (id: string, over: Partial<AuditEntry>): AuditEntry => ({
      id,
      at: '2026-11-24T09:30:00.000Z',
      actorId: 'u2',
      actorEmail: 'erin@example.com',
      action: 'signin',
      target: null,
      outcome: 'ok',
      detail: null,
      ip: '198.51.100.7',
      ...over,
    });
    mockFetch(
      adminRoutes({
        '/api/admin/audit': {
          json: {
            entries: [
              entry('2', { outcome: 'refused', detail: { reason: 'wrong password' }, ip: '203.0.113.66' }),
              entry('1', {
                action: 'member.set',
                actorEmail: 'ada@example.com',
                target: 'Riverside',
                detail: { member: 'erin@example.com', role: 'viewer' },
              }),
            ],
            next: 'cursor-1',
          },
        },
        '/api/admin/audit?before=cursor-1': { json: { entries: [entry('0', {})], next: null } },
      }),
    );
    renderApp({ path: '/admin' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const refused = (await screen.findByText('wrong password')).closest('tr')!;
    expect(within(refused).getByText('refused')).toBeInTheDocument();
    expect(within(refused).getByText('203.0.113.66')).toBeInTheDocument();
    const member = screen.getByText('Member added or changed').closest('tr')!;
    expect(within(member).getByText('member: erin@example.com; role: viewer')).toBeInTheDocument();
    expect(within(member).getByText('Riverside')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    await waitFor(() => expect(screen.getAllByText('Sign-in')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
  });
});
