import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SdcReviewInput, SdcStatus, SupplierZoneSettings } from '@penstock/shared';
import {
  fetchSdcRegister,
  fetchSubmission,
  fetchSubmissions,
  fetchSupplierSettings,
  reviewSubmission,
  saveSupplierSettings,
  submissionKey,
  submissionsKey,
  supplierRegisterKey,
  supplierSettingsKey,
} from '../api.ts';

export const useSupplierSettings = () =>
  useQuery({ queryKey: supplierSettingsKey, queryFn: fetchSupplierSettings, staleTime: 60_000 });

export const useSdcRegister = (enabled = true) =>
  useQuery({ queryKey: supplierRegisterKey, queryFn: fetchSdcRegister, staleTime: 0, enabled });

export const useSubmissions = (status: SdcStatus | 'All', enabled = true) =>
  useQuery({
    queryKey: submissionsKey(status),
    queryFn: () => fetchSubmissions(status),
    staleTime: 0,
    enabled,
  });

export const useSubmission = (id: string | null) =>
  useQuery({
    queryKey: submissionKey(id ?? ''),
    queryFn: () => fetchSubmission(id ?? ''),
    enabled: !!id,
    staleTime: 0,
  });

export function useReviewSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SdcReviewInput }) => reviewSubmission(id, input),
    onSuccess: async (detail) => {
      client.setQueryData(submissionKey(detail.id), detail);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['supplier', 'submissions'] }),
        client.invalidateQueries({ queryKey: supplierRegisterKey }),
      ]);
    },
  });
}

export function useSaveSupplierSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SupplierZoneSettings) => saveSupplierSettings(settings),
    onSuccess: (saved) => client.setQueryData(supplierSettingsKey, saved),
  });
}
