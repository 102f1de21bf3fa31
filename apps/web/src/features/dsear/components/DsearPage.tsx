import { useMemo, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import Select from 'react-select';
import { FaArrowLeft, FaPen, FaXmark } from 'react-icons/fa6';
import { useSearchParams } from 'react-router';
import { Loading } from '../../../components/Loading.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { useProjects } from '../../projects/hooks/useProjects.ts';
import {
  useApproveDsear,
  useDsearEntry,
  useDsearPeople,
  useDsearRegister,
  usePendingDsear,
  useSaveDsear,
} from '../hooks/useDsear.ts';
import { DsearDetail } from './DsearDetail.tsx';
import { DsearForm } from './DsearForm.tsx';
import { peopleByEmail, RagBadge } from './format.tsx';
import { RegisterTable } from './RegisterTable.tsx';
import '../dsear.css';
import { menuInBody } from '../../../components/selectMenu.ts';
import { formatDate } from '@penstock/shared';

/** The chosen project lives in the address (?project=name), so Back, reload and links keep it. */
const PROJECT_PARAM = 'project';
export const DSEAR_PROJECT_SELECTOR = 'Select a project';

interface ProjectOption {
  value: string;
  label: string;
}

function ProjectSelector({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (name: string | null) => void;
}) {
  const projects = useProjects();
  const options = useMemo<ProjectOption[]>(
    () => (projects.data ?? []).map((p) => ({ value: p.text, label: p.text })),
    [projects.data],
  );
  const selected = value ? (options.find((o) => o.value === value) ?? { value, label: value }) : null;
  return (
    <div className="dsear-project-selector">
      <label className="form-label fw-semibold" htmlFor="dsear-project">
        Project
      </label>
      <Select<ProjectOption, false>
        inputId="dsear-project"
        classNamePrefix="dsear-select"
        placeholder={DSEAR_PROJECT_SELECTOR}
        options={options}
        value={selected}
        isLoading={projects.isPending}
        loadingMessage={() => 'Loading projects...'}
        noOptionsMessage={({ inputValue }) =>
          inputValue ? `No project matches "${inputValue}"` : 'You are not a member of any project yet.'
        }
        onChange={(option) => onChange(option?.value ?? null)}
        {...menuInBody}
      />
      {projects.isError && (
        <ErrorAlert
          error={projects.error}
          title="Your projects could not be loaded."
          className="small py-2 mt-2"
        />
      )}
    </div>
  );
}

/**
 * The signed-in senior design manager's own open lines (GET /api/dsear/pendingApproval), above the register,
 * so an approval waiting for them is not lost among the rows. Nothing shows when there are none; a failed
 * load is left to the register, which shows its own error.
 */
function PendingApprovals({ onView }: { onView: (projectName: string) => void }) {
  const user = useCurrentUser();
  const pending = usePendingDsear(user.data?.email);
  const entries = pending.data ?? [];
  if (entries.length === 0) return null;
  return (
    <Alert variant="info" role="region" className="dsear-pending" aria-label="Awaiting your approval">
      <h2 className="h6 mb-1">Awaiting your approval</h2>
      <p className="small mb-2">
        You are a senior design manager on {entries.length === 1 ? 'this entry' : 'these entries'} and have
        not approved yet. An entry can be approved once it is AMBER.
      </p>
      <ul className="list-unstyled mb-0">
        {entries.map((e) => (
          <li key={e.id} className="d-flex flex-wrap align-items-center gap-2 py-1">
            <RagBadge rag={e.tmRag} />
            <Button variant="link" className="p-0" onClick={() => onView(e.projectName)}>
              {e.projectName}
            </Button>
            <span className="small text-secondary">
              submitted {formatDate(e.date, 'date')} by {e.tm}
            </span>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function Register({ onView }: { onView: (projectName: string) => void }) {
  const register = useDsearRegister();
  if (register.isPending) return <Loading label="Loading the register..." />;
  if (register.isError) return <ErrorAlert error={register.error} title="The register cannot be loaded." />;
  return <RegisterTable entries={register.data} onView={onView} />;
}

/**
 * Whether the user may save the project's entry and attach files to it: the server's 'saveDsear' (POST
 * /api/dsear/saveOrCreate and /api/dsear/:dsearId/attachments); viewers read.
 */
function useCanSave(projectName: string | null): boolean {
  const projects = useProjects();
  return useMayInProject(projects.data?.find((node) => node.text === projectName)?.projectid)('saveDsear');
}

function ProjectEntry({
  projectName,
  editing,
  onSaved,
}: {
  projectName: string;
  editing: boolean;
  onSaved: () => void;
}) {
  const canSave = useCanSave(projectName);
  const user = useCurrentUser();
  const entry = useDsearEntry(projectName);
  const people = useDsearPeople();
  const save = useSaveDsear();
  const approve = useApproveDsear();
  const byEmail = useMemo(() => peopleByEmail(people.data), [people.data]);
  const me = user.data?.email ?? '';

  if (entry.isPending) return <Loading label="Loading the entry..." />;
  if (entry.isError) return <ErrorAlert error={entry.error} title="The entry cannot be loaded." />;
  const current = entry.data;

  if (!current && !canSave)
    return (
      <p className="text-secondary">
        This project has no DSEAR entry yet. Its managers and members can add it to the register.
      </p>
    );
  if (!current || (editing && canSave)) {
    return (
      <>
        {!current && (
          <p className="text-secondary">
            This project has no DSEAR entry yet. Complete the form to add it to the register.
          </p>
        )}
        {people.isError && (
          <ErrorAlert error={people.error} title="The people to choose from cannot be loaded." />
        )}
        <DsearForm
          key={`${projectName}-${current?.id ?? 'new'}`}
          projectName={projectName}
          entry={current}
          tmName={user.data?.name ?? ''}
          people={people.data}
          peopleLoading={people.isPending}
          pending={save.isPending}
          error={save.error}
          onSubmit={(draft) => save.mutate(draft, { onSuccess: onSaved })}
        />
      </>
    );
  }
  return (
    <DsearDetail
      entry={current}
      me={me}
      canAttach={canSave}
      people={byEmail}
      approve={{
        pending: approve.isPending,
        error: approve.error,
        onApprove: () => approve.mutate({ dsearId: current.id, email: me, projectName }),
        onDismissError: () => approve.reset(),
      }}
    />
  );
}

/** /dsear and /dsearNew: the register, or one project's entry with its form (spec §2 'DSEAR register'). */
export function DsearPage() {
  const [params, setParams] = useSearchParams();
  const projectName = params.get(PROJECT_PARAM) || null;
  const [editing, setEditing] = useState(false);
  const entry = useDsearEntry(projectName);
  const canSave = useCanSave(projectName);
  const hasEntry = !!entry.data && canSave;

  const choose = (name: string | null) => {
    setEditing(false);
    const next = new URLSearchParams(params);
    if (name) next.set(PROJECT_PARAM, name);
    else next.delete(PROJECT_PARAM);
    setParams(next);
  };

  // the form is long: after a save, bring the entry's status into view
  const saved = () => {
    setEditing(false);
    document.querySelector('.dsear-page')?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className="page-container page-wide dsear-page">
      <h1 className="h3 mb-3">DSEAR Register</h1>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div className="flex-grow-1 dsear-selector-box">
          <ProjectSelector value={projectName} onChange={choose} />
        </div>
        {projectName && (
          <div className="d-flex gap-2">
            <Button variant="outline-secondary" onClick={() => choose(null)}>
              <FaArrowLeft aria-hidden="true" className="me-1" />
              Back
            </Button>
            {hasEntry &&
              (editing ? (
                <Button variant="outline-secondary" onClick={() => setEditing(false)}>
                  <FaXmark aria-hidden="true" className="me-1" />
                  Cancel
                </Button>
              ) : (
                <Button variant="primary" onClick={() => setEditing(true)}>
                  <FaPen aria-hidden="true" className="me-1" />
                  Edit
                </Button>
              ))}
          </div>
        )}
      </div>
      {projectName ? (
        <section aria-label={projectName}>
          <h2 className="h4 mb-3">{projectName}</h2>
          <ProjectEntry projectName={projectName} editing={editing} onSaved={saved} />
        </section>
      ) : (
        <>
          <PendingApprovals onView={choose} />
          <Register onView={choose} />
        </>
      )}
    </div>
  );
}
