import { useMemo } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CONFIG_FILES, FormsFileSchema, failedMessage, type FormConfig } from '@penstock/shared';
import { errorMessage } from '../../base/api.ts';
import { useCurrentUser } from '../auth/hooks/useCurrentUser.ts';
import { useConfig } from '../config/hooks/useConfig.ts';
import {
  calculationDataKey,
  fetchCalculationData,
  fetchProjectInput,
  fetchReportConfig,
  projectInputKey,
  reportConfigKey,
  saveCalculationData,
  saveProjectInput,
  type FormKind,
  type SubmitData,
} from './api.ts';
import { settingText } from './formValues.ts';

type FormsFile = 'projectDataConfig' | 'calculationsConfig';

/**
 * The forms of projectDataConfig.json or calculationsConfig.json, checked against the contract; a broken
 * file gives a clear error instead of forms.
 */
export function useFormsConfig(file: FormsFile): {
  forms: FormConfig[];
  isPending: boolean;
  error: string | null;
} {
  const config = useConfig();
  const raw = config.data?.[file];
  return useMemo(() => {
    if (config.isError) return { forms: [], isPending: false, error: errorMessage(config.error) };
    if (raw === undefined) return { forms: [], isPending: config.isPending, error: null };
    const parsed = FormsFileSchema.safeParse(raw);
    if (parsed.success) return { forms: parsed.data.forms, isPending: false, error: null };
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
    return {
      forms: [],
      isPending: false,
      error: `${CONFIG_FILES[file]} is not a valid forms file: ${issue?.message ?? 'unknown problem'}${where}.`,
    };
  }, [raw, config.isError, config.error, config.isPending, file]);
}

/** The queries of a project's input data, calculation data and report config (also prefetched on selection). */
export const projectInputQuery = (projectId: string) =>
  queryOptions({ queryKey: projectInputKey(projectId), queryFn: () => fetchProjectInput(projectId) });
export const calculationDataQuery = (projectId: string) =>
  queryOptions({ queryKey: calculationDataKey(projectId), queryFn: () => fetchCalculationData(projectId) });
export const reportConfigQuery = (projectId: string) =>
  queryOptions({ queryKey: reportConfigKey(projectId), queryFn: () => fetchReportConfig(projectId) });

/**
 * Core spec §4: choosing a project loads its input data, calculation data and report config, so the panels
 * open on loaded data. A failed prefetch is fetched again when its panel opens.
 */
export function prefetchProjectData(queryClient: QueryClient, projectId: string): Promise<void> {
  return Promise.all([
    queryClient.prefetchQuery(projectInputQuery(projectId)),
    queryClient.prefetchQuery(calculationDataQuery(projectId)),
    queryClient.prefetchQuery(reportConfigQuery(projectId)),
  ]).then(() => undefined);
}

export const useProjectInput = (projectId: string) => useQuery(projectInputQuery(projectId));

export const useCalculationData = (projectId: string) => useQuery(calculationDataQuery(projectId));

export const useReportConfig = (projectId: string) => useQuery(reportConfigQuery(projectId));

/** The text of the failed message setting, with the form or report title inserted (forms spec §8). */
export function useFailedMessage(): (title: string) => string {
  const settings = useConfig().data?.generalSettings;
  return (title) => failedMessage(settingText(settings, 'failedMessage'), title);
}

export type SubmitAction = 'save' | 'run';

/**
 * Save (or run) one form: saveprojectinput for project data forms, savecalculationdata (with userId, the
 * calculations file extension and, to run, the form's fmejob) for calculation forms. On success the project
 * input or calculation data is loaded again; a failed run is also kept, so calculation data reloads then too.
 */
export function useFormSubmit(form: FormConfig, kind: FormKind, projectId: string) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id ?? '';
  const settings = useConfig().data?.generalSettings;
  const failed = useFailedMessage();
  const mutation = useMutation({
    mutationFn: ({ data, action }: { data: SubmitData; action: SubmitAction }) => {
      const body = { projectid: projectId, category: form.form_id, data };
      if (kind === 'input') return saveProjectInput({ ...body, fmejob: '', fileType: null });
      return saveCalculationData({
        ...body,
        fmejob: action === 'run' ? form.fmejob : '',
        fileType: settingText(settings, 'calculationsFileExtension') ?? null,
        userId,
      });
    },
    onSettled: (_data, error) => {
      if (error && kind === 'input') return;
      const key = kind === 'input' ? projectInputKey(projectId) : calculationDataKey(projectId);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const action = mutation.variables?.action ?? 'save';
  const alias = form.form_alias;
  const banner = mutation.isPending
    ? { variant: 'info', text: action === 'run' ? `Running ${alias}...` : `Saving ${alias}...` }
    : mutation.isSuccess
      ? { variant: 'success', text: action === 'run' ? `${alias} calculated` : `${alias} saved` }
      : mutation.isError
        ? { variant: 'danger', text: `${failed(alias)}: ${errorMessage(mutation.error)}` }
        : null;
  return {
    submit: (data: SubmitData, submitAction: SubmitAction) => mutation.mutate({ data, action: submitAction }),
    pending: mutation.isPending,
    action,
    banner,
    run: mutation.data?.run,
  };
}
