import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import {
  mayInProject,
  PROJECT_ACTIONS,
  PROJECT_ROLES,
  type ProjectAction,
  type ProjectRole,
} from '@penstock/shared';
import { Providers } from '../../../app/providers.tsx';
import { initialAppState, type AppState } from '../../../base/store.tsx';
import { mockFetch } from '../../../test/fetchMock.ts';
import { admin, otherProject, project, PROJECT_ID, treeUrl } from '../../../test/fixtures.ts';
import { PERMISSION_GATES } from '../permissions.ts';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import { useMayInProject } from './useMayInProject.ts';
import { useProjects } from './useProjects.ts';

/**
 * The web half of the agreement test of issue 32, section 1 (the server half, which checks the same answers
 * against AccessService and the access matrix, is apps/server/src/security/uiPermissions.test.ts): the hook
 * answers every action of the shared table with the shared `mayInProject` for the user's role in the
 * project, wherever the role comes from, and nothing for a non-member, administrator or not (a global role
 * gives nothing inside a project, on the server too); and every control that asks it is listed in
 * PERMISSION_GATES, so the server's test checks it.
 */

const ACTIONS = Object.keys(PROJECT_ACTIONS) as ProjectAction[];

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderMay(projectId: string, initialState: AppState = initialAppState()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers initialState={initialState}>{children}</Providers>
  );
  return renderHook(() => useMayInProject(projectId), { wrapper });
}

const selected = (role: ProjectRole): AppState => ({
  ...initialAppState(),
  selectedProject: { projectid: PROJECT_ID, text: project.text, hrefbim360: project.hrefbim360, role },
});

const answers = (may: (action: ProjectAction) => boolean) =>
  Object.fromEntries(ACTIONS.map((action) => [action, may(action)]));
const expected = (role: ProjectRole | undefined) =>
  Object.fromEntries(ACTIONS.map((action) => [action, mayInProject(role, action)]));

describe('useMayInProject walks the shared action table', () => {
  it.each(PROJECT_ROLES)('a %s of the selected project: every action as mayInProject answers it', (role) => {
    const fetchMock = mockFetch({});
    const { result } = renderMay(PROJECT_ID, selected(role));
    expect(answers(result.current)).toEqual(expected(role));
    expect(result.current.known).toBe(true);
    // the selection's role is enough: nothing is asked of the server
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(PROJECT_ROLES)('a %s of a project from the project list: the same answers', async (role) => {
    mockFetch({ [treeUrl('#')]: { json: [{ ...project, role }, otherProject] } });
    const { result } = renderMay(PROJECT_ID);
    expect(result.current.known).toBe(false);
    expect(answers(result.current)).toEqual(expected(undefined));
    await waitFor(() => expect(result.current.known).toBe(true));
    expect(answers(result.current)).toEqual(expected(role));
  });

  it('an administrator who is not a member may nothing in the project (as the server decides)', async () => {
    mockFetch({
      '/api/user': { json: admin },
      [treeUrl('#')]: { json: [{ ...otherProject, role: 'manager' }] },
    });
    const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;
    const { result } = renderHook(
      () => ({ may: useMayInProject(PROJECT_ID), user: useCurrentUser(), projects: useProjects() }),
      { wrapper },
    );
    // the signed-in user is an administrator, and the project list (without the project) is loaded
    await waitFor(() => expect(result.current.user.data?.roles).toContain('administrator'));
    await waitFor(() => expect(result.current.projects.isSuccess).toBe(true));
    expect(result.current.may.known).toBe(false);
    expect(answers(result.current.may)).toEqual(expected(undefined));
    expect(Object.values(answers(result.current.may))).not.toContain(true);
  });
});

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The production files of apps/web/src, with their text. */
function productionFiles(dir = srcDir): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productionFiles(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [{ file: path.relative(srcDir, file), text: fs.readFileSync(file, 'utf8') }];
  });
}

describe('every permission control asks the hook, and is listed for the server to check', () => {
  const files = productionFiles();
  const askers = files.filter(
    ({ file, text }) => !file.endsWith('permissions.ts') && /\b(useMayInProject|MayInProject)\b/.test(text),
  );

  it('finds the controls (the check has something to check)', () => {
    expect(askers.map(({ file }) => file)).toContain('features/workspace/components/ProjectBrowser.tsx');
  });

  it('lists every action a control asks for in PERMISSION_GATES, and no action that none asks for', () => {
    const quoted = new Set(
      askers.flatMap(({ text }) => [...text.matchAll(/'(\w+)'/g)].map((match) => match[1] as string)),
    );
    const asked = ACTIONS.filter((action) => quoted.has(action));
    // withdrawing asks withdrawActionFor(me, workflow): the submitter's own action, or anyone's
    if (askers.some(({ text }) => text.includes('withdrawActionFor(')))
      asked.push('withdrawOwnWorkflow', 'withdrawAnyWorkflow');
    const listed = [...new Set(PERMISSION_GATES.map((gate) => gate.action))];
    expect([...new Set(asked)].sort()).toEqual(listed.sort());
  });

  it('decides no permission by a role of its own (one hook, one table)', () => {
    const ownRules = files
      .filter(({ file }) => !file.endsWith('permissions.ts'))
      .flatMap(({ file, text }) =>
        [
          ...text.matchAll(
            /\b(canUploadToProject|mayInProject|mayAttachToDsear|mayWithdrawWorkflow)\(|role\s*[!=]==?\s*'(manager|member|viewer)'/g,
          ),
        ].map((match) => `${file}: ${match[0]}`),
      );
    expect(ownRules).toEqual([]);
  });
});
