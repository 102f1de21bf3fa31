import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROOT_TREE_ID, type CreateUserBody, type ProjectRole, type UpdateUserBody } from '@penstock/shared';
import { treeKey } from '../../projects/api.ts';
import {
  createProject,
  createUser,
  fetchAdminProjects,
  fetchUsers,
  putMember,
  removeMember,
  resetPassword,
  updateUser,
} from '../api.ts';

export const adminUsersKey = ['admin', 'users'] as const;
export const adminProjectsKey = ['admin', 'projects'] as const;

export const useAdminUsers = () => useQuery({ queryKey: adminUsersKey, queryFn: fetchUsers });
export const useAdminProjects = () => useQuery({ queryKey: adminProjectsKey, queryFn: fetchAdminProjects });

/** After a change the lists are reloaded; memberships also change the project finder's list. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return {
    users: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
    projects: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminProjectsKey }),
        queryClient.invalidateQueries({ queryKey: treeKey(ROOT_TREE_ID) }),
      ]),
  };
}

export function useCreateUser() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: CreateUserBody) => createUser(body), onSuccess: invalidate.users });
}

export function useUpdateUser() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateUserBody }) => updateUser(userId, body),
    // names appear in project member lists too
    onSuccess: () => Promise.all([invalidate.users(), invalidate.projects()]),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: string; password: string }) =>
      resetPassword(userId, password),
  });
}

export function useCreateProject() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (name: string) => createProject(name), onSuccess: invalidate.projects });
}

export function usePutMember() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ projectId, userId, role }: { projectId: string; userId: string; role: ProjectRole }) =>
      putMember(projectId, userId, role),
    onSuccess: invalidate.projects,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ projectId, userId }: { projectId: string; userId: string }) =>
      removeMember(projectId, userId),
    onSuccess: invalidate.projects,
  });
}
