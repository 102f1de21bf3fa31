import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrainingCourseInput, TrainingRole, TrainingRoleUpdate } from '@penstock/shared';
import {
  createCourse,
  createRole,
  fetchAdminCourses,
  fetchAdminRoles,
  trainingAdminCoursesKey,
  trainingAdminRolesKey,
  updateCourse,
  updateRole,
  uploadMaterial,
} from '../api.ts';

export const useAdminTrainingCourses = () =>
  useQuery({ queryKey: trainingAdminCoursesKey, queryFn: fetchAdminCourses });
export const useAdminTrainingRoles = () =>
  useQuery({ queryKey: trainingAdminRolesKey, queryFn: fetchAdminRoles });

/** After a change the administration lists reload, and so do the training page's content and records. */
function useReload() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['training'] });
}

export function useSaveRole() {
  const reload = useReload();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'create'; role: TrainingRole }
        | { kind: 'update'; roleName: string; update: TrainingRoleUpdate },
    ) => (change.kind === 'create' ? createRole(change.role) : updateRole(change.roleName, change.update)),
    onSuccess: reload,
  });
}

/** Creates or edits a course, then stores its material when a file was chosen. */
export function useSaveCourse() {
  const reload = useReload();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      material,
      onCreated,
    }: {
      id?: string;
      input: TrainingCourseInput;
      material?: File | null;
      /** a new course's id, as soon as it exists (its material may still be refused) */
      onCreated?: (id: string) => void;
    }) => {
      const course = id ? await updateCourse(id, input) : await createCourse(input);
      if (!id) onCreated?.(course.id);
      if (!material) return course;
      try {
        return await uploadMaterial(course.id, material);
      } catch (failure) {
        throw new Error(
          `The course was saved, but its material was not stored: ${failure instanceof Error ? failure.message : String(failure)}`,
        );
      }
    },
    // a course may have been created before its material was refused: reload either way
    onSettled: reload,
  });
}
