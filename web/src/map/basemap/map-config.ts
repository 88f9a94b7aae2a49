import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { MapKeys } from './providers';

const NONE: MapKeys = {};

/** The provider keys the operator configured (GET /rest/system/map-config); none while loading or on failure. */
export function useMapKeys(): MapKeys {
  const { data } = useQuery({
    queryKey: ['system', 'map-config'],
    queryFn: () => apiFetch<MapKeys>('/rest/system/map-config'),
    staleTime: Infinity,
    retry: 1,
  });
  return data ?? NONE;
}
