import { useQuery } from '@tanstack/react-query';
import { fetchProperties, propertiesKey } from '../../viewer/api.ts';

/** The properties of one object (the server falls back to the parent's). */
export function useProperties(versionId: string, localId: number | null) {
  return useQuery({
    queryKey: propertiesKey(versionId, localId ?? -1),
    queryFn: () => fetchProperties(versionId, localId ?? -1),
    enabled: localId !== null,
    staleTime: Infinity,
  });
}
